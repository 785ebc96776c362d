import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminBaccaratTable, AdminSabongArena } from '@sea/contracts';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSaveArenaSettings, useSaveTableSettings } from '../../api/tables.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { type ArenaValues, arenaSchema, type TableValues, tableSchema, toMajor, toMinor } from './settings-form.ts';

const TABLE_FIELDS = ['variant', 'minBet', 'maxBet', 'roundMax', 'bettingSeconds'] as const;
const ARENA_FIELDS = ['bettingSeconds', 'minBet', 'maxBet', 'fightMax', 'minPayout'] as const;

function DialogForm(props: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  alert: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog open onClose={props.onClose} title={props.title}>
      <form onSubmit={props.onSubmit} noValidate className="bo-form">
        <p className="bo-alert bo-alert--info">{t('tables.form.nextRound')}</p>
        {props.children}
        <FormAlert message={props.alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={props.pending}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}

/** A baccarat table's limits, betting time and commission variant: saved now, played from the next round. */
export function TableSettingsDialog(props: {
  table: AdminBaccaratTable;
  exponent: number;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { table, exponent } = props;
  const save = useSaveTableSettings();
  const [alert, setAlert] = useState<string | null>(null);
  const s = table.pending ?? table;
  const form = useForm<TableValues>({
    resolver: zodResolver(tableSchema(exponent)),
    defaultValues: {
      variant: s.variant,
      minBet: toMajor(s.minBet, exponent),
      maxBet: toMajor(s.maxBet, exponent),
      roundMax: toMajor(s.roundMax, exponent),
      bettingSeconds: String(s.bettingSeconds),
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await save.mutateAsync({
        code: table.code,
        variant: v.variant,
        minBet: String(toMinor(v.minBet, exponent)),
        maxBet: String(toMinor(v.maxBet, exponent)),
        roundMax: String(toMinor(v.roundMax, exponent)),
        bettingSeconds: Number(v.bettingSeconds),
      });
      props.onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, TABLE_FIELDS));
    }
  });
  const money = t('tables.form.inCurrency', { currency: props.currency });
  return (
    <DialogForm
      title={t('tables.form.tableTitle', { name: table.name })}
      onClose={props.onClose}
      onSubmit={submit}
      pending={save.isPending}
      alert={alert}
    >
      <div className="bo-field">
        <label htmlFor="table-variant">{t('tables.variant')}</label>
        <select id="table-variant" {...form.register('variant')}>
          <option value="commission">{t('tables.variants.commission')}</option>
          <option value="no-commission">{t('tables.variants.no-commission')}</option>
        </select>
      </div>
      <Field
        label={t('tables.minBet')}
        inputMode="decimal"
        hint={money}
        {...form.register('minBet')}
        error={errors.minBet}
      />
      <Field label={t('tables.maxBet')} inputMode="decimal" {...form.register('maxBet')} error={errors.maxBet} />
      <Field
        label={t('tables.roundMax')}
        inputMode="decimal"
        hint={t('tables.form.roundMaxHelp')}
        {...form.register('roundMax')}
        error={errors.roundMax}
      />
      <Field
        label={t('tables.bettingSeconds')}
        inputMode="numeric"
        hint={t('tables.form.bettingHelp')}
        {...form.register('bettingSeconds')}
        error={errors.bettingSeconds}
      />
    </DialogForm>
  );
}

/** A sabong arena's plasada, betting window, limits and minimum payout: saved now, played from the next fight. */
export function ArenaSettingsDialog(props: {
  arena: AdminSabongArena;
  exponent: number;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { arena, exponent } = props;
  const save = useSaveArenaSettings();
  const [alert, setAlert] = useState<string | null>(null);
  const s = arena.pending ?? arena;
  const form = useForm<ArenaValues>({
    resolver: zodResolver(arenaSchema(exponent)),
    defaultValues: {
      plasadaPercent: String(s.plasadaBps / 100),
      bettingSeconds: String(s.bettingSeconds),
      minBet: toMajor(s.minBet, exponent),
      maxBet: toMajor(s.maxBet, exponent),
      fightMax: toMajor(s.fightMax, exponent),
      minPayout: String(s.minPayout),
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await save.mutateAsync({
        code: arena.code,
        plasadaBps: Math.round(Number(v.plasadaPercent) * 100),
        bettingSeconds: Number(v.bettingSeconds),
        minBet: String(toMinor(v.minBet, exponent)),
        maxBet: String(toMinor(v.maxBet, exponent)),
        fightMax: String(toMinor(v.fightMax, exponent)),
        minPayout: Number(v.minPayout),
      });
      props.onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ARENA_FIELDS));
    }
  });
  return (
    <DialogForm
      title={t('tables.form.arenaTitle', { name: arena.name })}
      onClose={props.onClose}
      onSubmit={submit}
      pending={save.isPending}
      alert={alert}
    >
      <Field
        label={t('tables.plasada')}
        inputMode="decimal"
        hint={t('tables.form.plasadaHelp')}
        {...form.register('plasadaPercent')}
        error={errors.plasadaPercent}
      />
      <Field
        label={t('tables.bettingWindow')}
        inputMode="numeric"
        hint={t('tables.form.windowHelp')}
        {...form.register('bettingSeconds')}
        error={errors.bettingSeconds}
      />
      <Field
        label={t('tables.minBet')}
        inputMode="decimal"
        hint={t('tables.form.inCurrency', { currency: props.currency })}
        {...form.register('minBet')}
        error={errors.minBet}
      />
      <Field label={t('tables.maxBet')} inputMode="decimal" {...form.register('maxBet')} error={errors.maxBet} />
      <Field
        label={t('tables.fightMax')}
        inputMode="decimal"
        hint={t('tables.form.fightMaxHelp')}
        {...form.register('fightMax')}
        error={errors.fightMax}
      />
      <Field
        label={t('tables.minPayout')}
        inputMode="numeric"
        hint={t('tables.form.minPayoutHelp')}
        {...form.register('minPayout')}
        error={errors.minPayout}
      />
    </DialogForm>
  );
}
