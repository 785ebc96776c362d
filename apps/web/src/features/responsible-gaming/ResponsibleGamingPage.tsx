import { formatMoney, type RgLimitView, type RgStatus } from '@sea/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  useRgHelp,
  useRgStatus,
  useSetRgLimit,
  useSetRgSession,
  useStartRgBreak,
} from '../../api/responsible-gaming.ts';
import { useDateTime } from '../../components/DateTime.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { PasswordField, SelectField, TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { useSession } from '../../state/session.ts';
import {
  BREAK_DURATIONS,
  breakSchema,
  type BreakFormValues,
  limitSchema,
  type LimitFormValues,
  sessionSchema,
  type SessionFormValues,
} from './rg-forms.ts';
import './rg.css';
import '../../i18n/areas/rg.ts';

/**
 * Member centre › responsible gaming: the limits with what is used of them and pending raises, the session limit
 * and reality-check interval, a time-out or self-exclusion (password; logs out at once), and where to find help.
 */
export function ResponsibleGamingPage() {
  const { t } = useTranslation();
  const query = useRgStatus();
  return (
    <section className="rg" aria-labelledby="page-title">
      <h1 id="page-title">{t('centre.member.responsibleGaming')}</h1>
      <p className="rg__note">{t('rg.intro')}</p>
      <QueryState query={query}>
        {(s) => (
          <>
            <Limits status={s} />
            <LimitForm status={s} />
            <SessionForm status={s} />
            <BreakForm />
          </>
        )}
      </QueryState>
      <HelpPanel />
    </section>
  );
}

/** Where to find help: the operator's own contacts when it wrote them (plain text, its line breaks kept), else ours. */
function HelpPanel() {
  const { t } = useTranslation();
  const help = useRgHelp();
  const text = help.data?.text;
  return (
    <section className="rg__panel" aria-labelledby="rg-help">
      <h2 id="rg-help">{t('rg.helpTitle')}</h2>
      {text ? (
        <p className="rg__help-text" data-testid="rg-operator-help">
          {text}
        </p>
      ) : (
        <p>{t('rg.help')}</p>
      )}
    </section>
  );
}

function Limits({ status }: { status: RgStatus }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const money = (v: string) => formatMoney(v, status.exponent);
  const line = (l: RgLimitView) =>
    l.amount === null
      ? t('rg.usedNoLimit', { used: money(l.used) })
      : t('rg.used', { used: money(l.used), limit: money(l.amount) });
  return (
    <section className="rg__panel" aria-labelledby="rg-limits">
      <h2 id="rg-limits">{t('rg.limitsTitle')}</h2>
      <div className="rg__limits">
        {(['deposit', 'loss', 'wager'] as const).map((kind) => (
          <table key={kind} className="rg__table">
            <caption>{t(`rg.kinds.${kind}`)}</caption>
            <tbody>
              {status.limits
                .filter((l) => l.kind === kind)
                .map((l) => (
                  <tr key={l.period}>
                    <th scope="row">{t(`rg.periods.${l.period}`)}</th>
                    <td>
                      <strong>{l.amount === null ? t('rg.none') : money(l.amount)}</strong>
                      <span className="rg__used">{line(l)}</span>
                      {l.pending && (
                        <span className="rg__pending">
                          {l.pending.amount === null
                            ? t('rg.pendingRemoval', { at: when(l.pending.effectiveAt) })
                            : t('rg.pending', { amount: money(l.pending.amount), at: when(l.pending.effectiveAt) })}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}

function LimitForm({ status }: { status: RgStatus }) {
  const { t } = useTranslation();
  const save = useSetRgLimit();
  const form = useZodForm(limitSchema, { kind: 'deposit', period: 'day', amount: '' } as LimitFormValues);
  return (
    <Form
      form={form}
      className="form rg__panel rg__form"
      aria-label={t('rg.setTitle')}
      onSubmit={async (v) => {
        await save.mutateAsync({ kind: v.kind, period: v.period, amount: v.amount === '' ? null : v.amount });
        form.reset({ ...v, amount: '' });
        return t('rg.saved');
      }}
    >
      <h2>{t('rg.setTitle')}</h2>
      <div className="rg__row">
        <SelectField name="kind" label={t('rg.kind')}>
          {(['deposit', 'loss', 'wager'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`rg.kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        <SelectField name="period" label={t('rg.period')}>
          {(['day', 'week', 'month'] as const).map((p) => (
            <option key={p} value={p}>
              {t(`rg.periods.${p}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        name="amount"
        label={t('rg.amount', { currency: status.currency })}
        hint={t('rg.amountHint')}
        inputMode="decimal"
        autoComplete="off"
      />
      <FormFooter label={t('rg.save')} />
    </Form>
  );
}

function SessionForm({ status }: { status: RgStatus }) {
  const { t } = useTranslation();
  const save = useSetRgSession();
  const form = useZodForm(sessionSchema, {
    sessionLimit: status.sessionLimit.minutes === null ? '' : String(status.sessionLimit.minutes),
    realityCheck: String(status.realityCheckMinutes) as SessionFormValues['realityCheck'],
  });
  return (
    <Form
      form={form}
      className="form rg__panel rg__form"
      aria-label={t('rg.sessionTitle')}
      onSubmit={async (v) => {
        await save.mutateAsync({
          sessionLimitMinutes: v.sessionLimit === '' ? null : Number(v.sessionLimit),
          realityCheckMinutes: Number(v.realityCheck),
        });
        return t('rg.sessionSaved');
      }}
    >
      <h2>{t('rg.sessionTitle')}</h2>
      <TextField name="sessionLimit" label={t('rg.sessionLimit')} hint={t('rg.sessionHint')} inputMode="numeric" />
      <SelectField name="realityCheck" label={t('rg.realityCheck')}>
        {['15', '30', '60'].map((m) => (
          <option key={m} value={m}>
            {t('rg.minutes', { count: Number(m) })}
          </option>
        ))}
      </SelectField>
      <FormFooter label={t('rg.saveSession')} />
    </Form>
  );
}

function BreakForm() {
  const { t } = useTranslation();
  const start = useStartRgBreak();
  const clear = useSession((s) => s.clear);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const form = useZodForm(breakSchema, { kind: 'time_out', duration: '24h', password: '' } as BreakFormValues);
  const kind = useWatch({ control: form.control, name: 'kind' }) ?? 'time_out';
  return (
    <Form
      form={form}
      className="form rg__panel rg__form"
      aria-label={t('rg.breakTitle')}
      onSubmit={async (v) => {
        await start.mutateAsync(v as never);
        // Every session has ended on the server: the site forgets this one too.
        clear();
        qc.clear();
        navigate('/');
      }}
    >
      <h2>{t('rg.breakTitle')}</h2>
      <p className="rg__note">{t('rg.breakIntro')}</p>
      <div className="rg__row">
        <SelectField
          name="kind"
          label={t('rg.breakKind')}
          onChange={() => form.setValue('duration', BREAK_DURATIONS[form.getValues('kind')][0])}
        >
          <option value="time_out">{t('rg.timeOut')}</option>
          <option value="self_exclusion">{t('rg.selfExclusion')}</option>
        </SelectField>
        <SelectField name="duration" label={t('rg.duration')} key={kind}>
          {BREAK_DURATIONS[kind].map((d) => (
            <option key={d} value={d}>
              {t(`rg.durations.${d}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <PasswordField name="password" label={t('rg.password')} autoComplete="current-password" />
      <FormFooter label={t('rg.confirm')} buttonClassName="btn btn--danger btn--block" />
    </Form>
  );
}
