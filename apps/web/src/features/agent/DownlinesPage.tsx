import { rebatePoint } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { type DownlineRow, setRebate, useDownlines, useRefreshAgent, useSetLocked } from '../../api/agents.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { errorText } from '../../components/error-text.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Modal } from '../../components/Modal.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { passes } from '../../lib/validation.ts';
import { AGENT_PAGE_SIZE, ReportList, SearchBox, Select } from './parts.tsx';
import '../../i18n/areas/agent.ts';

/** Agent centre › downline management (downlineManagmentView): the team, paged and searchable; rebate, lock. */
export function DownlinesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [scope, setScope] = useState<'direct' | 'team'>('direct');
  const [pageNo, setPageNo] = useState(1);
  const query = useDownlines({ search: search || undefined, scope, pageNo, pageSize: AGENT_PAGE_SIZE });
  const [editing, setEditing] = useState<DownlineRow | null>(null);
  const [locking, setLocking] = useState<DownlineRow | null>(null);
  return (
    <ReportList
      title={t('centre.agent.downlineManagmentView')}
      query={query}
      isEmpty={(d) => d.rows.length === 0}
      empty={t('agent.downlines.empty')}
      onPage={setPageNo}
      after={
        <>
          {editing && <RebateDialog member={editing} onClose={() => setEditing(null)} />}
          {locking && <LockDialog member={locking} onClose={() => setLocking(null)} />}
        </>
      }
      filters={
        <>
          <SearchBox
            label={t('agent.f.account')}
            onSearch={(v) => {
              setSearch(v);
              setPageNo(1);
            }}
          />
          <Select
            label={t('agent.downlines.scope')}
            value={scope}
            options={[
              { value: 'direct', label: t('agent.downlines.direct') },
              { value: 'team', label: t('agent.downlines.team') },
            ]}
            onChange={(v) => {
              setScope(v as 'direct' | 'team');
              setPageNo(1);
            }}
          />
        </>
      }
    >
      {(d) => (
        <table className="data-table">
          <caption>{t('agent.downlines.count', { count: d.total })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agent.f.account')}</th>
              <th scope="col">{t('agent.f.kind')}</th>
              <th scope="col" className="num">
                {t('agent.f.level')}
              </th>
              <th scope="col" className="num">
                {t('agent.f.rebatePoint')}
              </th>
              <th scope="col" className="num">
                {t('agent.f.teamSize')}
              </th>
              <th scope="col">{t('agent.f.status')}</th>
              <th scope="col">{t('agent.f.createdAt')}</th>
              <th scope="col">{t('agent.f.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {d.rows.map((m) => (
              <tr key={m.id}>
                <th scope="row" data-label={t('agent.f.account')}>
                  <span>
                    {m.account}
                    {m.uplineAccount && m.depth > 1 && (
                      <span className="agent-ref agent-sub">
                        {t('agent.downlines.under', { account: m.uplineAccount })}
                      </span>
                    )}
                  </span>
                </th>
                <td data-label={t('agent.f.kind')}>{t(m.isAgent ? 'agent.kind.agent' : 'agent.kind.member')}</td>
                <td data-label={t('agent.f.level')} className="num">
                  {m.depth}
                </td>
                <td data-label={t('agent.f.rebatePoint')} className="num">
                  {m.rebatePoint}%
                </td>
                <td data-label={t('agent.f.teamSize')} className="num">
                  {m.teamSize}
                </td>
                <td data-label={t('agent.f.status')}>
                  <StatusBadge tone={m.status === 'active' ? 'done' : 'failed'}>
                    {t(`agent.status.${m.status}`)}
                  </StatusBadge>
                </td>
                <td data-label={t('agent.f.createdAt')}>
                  <DateTime value={m.createdAt} />
                </td>
                <td data-label={t('agent.f.actions')}>
                  <div className="agent-actions">
                    {m.depth === 1 && (
                      <button
                        type="button"
                        className="btn btn--ghost"
                        aria-label={t('agent.downlines.editRebateOf', { account: m.account })}
                        onClick={() => setEditing(m)}
                      >
                        {t('agent.downlines.editRebate')}
                      </button>
                    )}
                    {/* A member's own closure is final: no lock or unlock. */}
                    {m.status !== 'closed' && (
                      <button
                        type="button"
                        className="btn btn--ghost"
                        aria-label={t(m.status === 'active' ? 'agent.downlines.lockOf' : 'agent.downlines.unlockOf', {
                          account: m.account,
                        })}
                        onClick={() => setLocking(m)}
                      >
                        {t(m.status === 'active' ? 'agent.downlines.lock' : 'agent.downlines.unlock')}
                      </button>
                    )}
                    <Link
                      className="btn btn--ghost"
                      to={transferUrl(m.account)}
                      aria-label={t('agent.downlines.transferTo', { account: m.account })}
                    >
                      {t('agent.downlines.transfer')}
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ReportList>
  );
}

/** The downline transfer (member centre › transferUpline) with the member chosen; the server keeps it to the team. */
export const transferUrl = (account: string) => `/member/transferUpline?to=${encodeURIComponent(account)}`;

const rebateSchema = z.object({ rebatePoint: passes(rebatePoint, 'agent.rebateFormat') });

/** Change a direct downline's rebate point; the server's bounds come back as an error next to the field. */
function RebateDialog({ member, onClose }: { member: DownlineRow; onClose(): void }) {
  const { t } = useTranslation();
  const refresh = useRefreshAgent();
  const form = useZodForm(rebateSchema, { rebatePoint: member.rebatePoint });
  return (
    <Modal open onClose={onClose} title={t('agent.downlines.editRebateOf', { account: member.account })}>
      <Form
        form={form}
        className="form"
        onSubmit={async ({ rebatePoint: value }) => {
          await setRebate(member.id, value);
          await refresh();
          onClose();
        }}
      >
        <TextField
          name="rebatePoint"
          label={t('agent.f.rebatePoint')}
          hint={t('agent.rebateHint')}
          inputMode="decimal"
          required
        />
        <FormFooter label={t('agent.save')} />
      </Form>
    </Modal>
  );
}

function LockDialog({ member, onClose }: { member: DownlineRow; onClose(): void }) {
  const { t } = useTranslation();
  const mutation = useSetLocked();
  const lock = member.status === 'active';
  return (
    <Modal
      open
      onClose={onClose}
      title={t(lock ? 'agent.downlines.lockOf' : 'agent.downlines.unlockOf', { account: member.account })}
    >
      <p>{t(lock ? 'agent.downlines.lockConfirm' : 'agent.downlines.unlockConfirm', { account: member.account })}</p>
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
          onClick={() => mutation.mutate({ id: member.id, locked: lock }, { onSuccess: onClose })}
        >
          {t(lock ? 'agent.downlines.lock' : 'agent.downlines.unlock')}
        </button>
      </div>
    </Modal>
  );
}
