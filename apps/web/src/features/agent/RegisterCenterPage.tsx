import { rebatePoint } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  type AffiliateLinks,
  createDownline,
  createLink,
  useAffiliateLinks,
  useDeleteLink,
  useRefreshAgent,
} from '../../api/agents.ts';
import { useMemberInfo } from '../../api/auth.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { errorText } from '../../components/error-text.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { PasswordField, SelectField, TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Modal } from '../../components/Modal.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { passes, requiredText } from '../../lib/validation.ts';
import { AgentPage } from './parts.tsx';
import '../../i18n/areas/agent.ts';

const kind = z.enum(['member', 'agent']);
const rebate = passes(rebatePoint, 'agent.rebateFormat');

const downlineSchema = z.object({
  account: requiredText().pipe(z.string().min(2, 'agent.accountLength').max(64, 'agent.accountLength')),
  password: z.string().min(6, 'agent.passwordLength').max(64, 'agent.passwordLength'),
  kind,
  rebatePoint: rebate,
  nickname: z.string().trim().max(32, 'agent.nicknameLength'),
});

const linkSchema = z.object({ kind, rebatePoint: rebate, note: z.string().trim().max(100, 'agent.noteLength') });

/** Agent centre › register centre (registerCenter): a new downline account, and the affiliate links. */
export function RegisterCenterPage() {
  const { t } = useTranslation();
  return (
    <AgentPage title={t('centre.agent.registerCenter')}>
      <div className="agent-grid agent-grid--two">
        <RegisterDownline />
        <CreateLink />
      </div>
      <Links />
    </AgentPage>
  );
}

function RegisterDownline() {
  const { t } = useTranslation();
  const refresh = useRefreshAgent();
  const form = useZodForm(downlineSchema, {
    account: '',
    password: '',
    kind: 'member',
    rebatePoint: '0',
    nickname: '',
  });
  return (
    <section className="agent-card" aria-labelledby="register-title">
      <h2 id="register-title">{t('agent.register.title')}</h2>
      <Form
        form={form}
        className="form"
        onSubmit={async (v) => {
          const created = await createDownline({ ...v, nickname: v.nickname || undefined });
          await refresh();
          form.reset();
          return t('agent.register.done', { account: created.account });
        }}
      >
        <TextField name="account" label={t('agent.f.account')} autoComplete="off" required />
        <PasswordField name="password" label={t('auth.password')} />
        <SelectField name="kind" label={t('agent.f.kind')}>
          <option value="member">{t('agent.kind.member')}</option>
          <option value="agent">{t('agent.kind.agent')}</option>
        </SelectField>
        <RebateField />
        <TextField name="nickname" label={t('agent.f.nickname')} autoComplete="off" />
        <FormFooter label={t('agent.register.submit')} />
      </Form>
    </section>
  );
}

/** The rebate point, with the agent's own as the limit in the hint. */
function RebateField() {
  const { t } = useTranslation();
  return (
    <TextField
      name="rebatePoint"
      label={t('agent.f.rebatePoint')}
      hint={t('agent.rebateHint')}
      inputMode="decimal"
      required
    />
  );
}

function CreateLink() {
  const { t } = useTranslation();
  const refresh = useRefreshAgent();
  const form = useZodForm(linkSchema, { kind: 'member', rebatePoint: '0', note: '' });
  return (
    <section className="agent-card" aria-labelledby="link-title">
      <h2 id="link-title">{t('agent.links.create')}</h2>
      <Form
        form={form}
        className="form"
        onSubmit={async (v) => {
          await createLink({ ...v, note: v.note || undefined });
          await refresh();
          form.reset();
          return t('agent.links.created');
        }}
      >
        <SelectField name="kind" label={t('agent.f.kind')}>
          <option value="member">{t('agent.kind.member')}</option>
          <option value="agent">{t('agent.kind.agent')}</option>
        </SelectField>
        <RebateField />
        <TextField name="note" label={t('agent.f.note')} autoComplete="off" />
        <FormFooter label={t('agent.links.submit')} />
      </Form>
    </section>
  );
}

/** Registration link of a code: the site's register page with the invitation code. */
const linkOf = (code: string) => `${window.location.origin}/register?affiliateCode=${encodeURIComponent(code)}`;

function Links() {
  const { t } = useTranslation();
  const query = useAffiliateLinks();
  const me = useMemberInfo().data;
  return (
    <section aria-labelledby="links-title">
      <h2 id="links-title">{t('agent.links.title')}</h2>
      <QueryState query={query}>{(d) => <LinkList data={d} account={me?.account} />}</QueryState>
    </section>
  );
}

function LinkList({ data, account }: { data: AffiliateLinks; account?: string }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <>
      {data.ownCode && (
        <p className="agent-card">
          <span>{t('agent.links.ownCode', { account: account ?? '' })}</span>
          <CopyValue label={t('agent.links.code')} value={data.ownCode} />
          <CopyValue label={t('agent.links.link')} value={linkOf(data.ownCode)} />
        </p>
      )}
      {data.links.length === 0 ? (
        <p className="field__hint">{t('agent.links.empty')}</p>
      ) : (
        <table className="data-table">
          <caption>{t('agent.links.count', { count: data.links.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agent.links.code')}</th>
              <th scope="col">{t('agent.f.kind')}</th>
              <th scope="col" className="num">
                {t('agent.f.rebatePoint')}
              </th>
              <th scope="col" className="num">
                {t('agent.links.registrations')}
              </th>
              <th scope="col">{t('agent.f.note')}</th>
              <th scope="col">{t('agent.f.createdAt')}</th>
              <th scope="col">{t('agent.f.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.links.map((l) => (
              <tr key={l.id}>
                <th scope="row" data-label={t('agent.links.code')}>
                  <span className="agent-code">{l.code}</span>
                </th>
                <td data-label={t('agent.f.kind')}>{t(`agent.kind.${l.kind}`)}</td>
                <td data-label={t('agent.f.rebatePoint')} className="num">
                  {l.rebatePoint}%
                </td>
                <td data-label={t('agent.links.registrations')} className="num">
                  {l.registrations}
                </td>
                <td data-label={t('agent.f.note')}>{l.note ?? '—'}</td>
                <td data-label={t('agent.f.createdAt')}>
                  <DateTime value={l.createdAt} />
                </td>
                <td data-label={t('agent.f.actions')}>
                  <div className="agent-actions">
                    <CopyButton value={l.code} label={t('agent.links.copyCode', { code: l.code })} />
                    <CopyButton value={linkOf(l.code)} label={t('agent.links.copyLink', { code: l.code })} />
                    <button
                      type="button"
                      className="btn btn--ghost"
                      aria-label={t('agent.links.deleteOf', { code: l.code })}
                      onClick={() => setDeleting(l.id)}
                    >
                      {t('agent.links.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deleting && <DeleteLinkDialog id={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <span className="agent-actions" style={{ justifyContent: 'flex-start', alignItems: 'center' }}>
      <span>{label}:</span> <span className="agent-code">{value}</span>
      <CopyButton value={value} label={label} />
    </span>
  );
}

/** Copies a value to the clipboard and says so (in a live region). */
function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className="btn btn--ghost"
      aria-label={label}
      onClick={() =>
        navigator.clipboard?.writeText(value).then(
          () => setState('copied'),
          () => setState('failed'),
        ) ?? setState('failed')
      }
    >
      <span aria-live="polite">
        {state === 'copied' ? t('agent.copied') : state === 'failed' ? t('agent.copyFailed') : t('agent.copy')}
      </span>
    </button>
  );
}

function DeleteLinkDialog({ id, onClose }: { id: string; onClose(): void }) {
  const { t } = useTranslation();
  const mutation = useDeleteLink();
  return (
    <Modal open onClose={onClose} title={t('agent.links.delete')}>
      <p>{t('agent.links.deleteConfirm')}</p>
      {mutation.isError && (
        <p className="form__error" role="alert">
          {errorText(t, mutation.error)}
        </p>
      )}
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('auth.cancel')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate(id, { onSuccess: onClose })}
        >
          {t('agent.links.delete')}
        </button>
      </div>
    </Modal>
  );
}
