import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useConfirmResult, useEnterResult, usePreviewCorrection } from '../../api/lottery.ts';
import { FormAlert } from '../../components/form/Field.tsx';
import { errorText } from '../../components/error-text.ts';
import { CorrectionPreviewTable } from './CorrectionPreviewTable.tsx';
import { fieldName, type FeedKind, layoutOf, toResult } from './result-layout.ts';

/** enter: the first result or a correction (waits for a second person); confirm: the second person enters it again. */
export type ResultMode = 'enter' | 'confirm';

/**
 * A draw's official result, prize by prize (one input per number, the digits the prize has). The first staff member
 * enters it; a different one confirms by entering the same numbers again from the official sheet (blind: the first
 * entry is not shown). A correction of a settled draw offers a preview of who gains and who loses before it is sent.
 */
export function ResultForm(props: {
  kind: FeedKind;
  region: string | null;
  gameCode: string;
  issueId: string;
  mode: ResultMode;
  correction: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const rows = layoutOf(props.kind, props.region);
  const schema = useMemo(
    () =>
      z.object(
        Object.fromEntries(
          rows.flatMap((r) =>
            Array.from({ length: r.count }, (_, n) => [
              fieldName(r.key, n),
              z
                .string()
                .trim()
                .regex(new RegExp(`^\\d{${r.digits}}$`), 'lottery.digitsInvalid'),
            ]),
          ),
        ),
      ),
    [rows],
  );
  const form = useForm<Record<string, string>>({ resolver: zodResolver(schema), defaultValues: {} });
  const enter = useEnterResult();
  const confirm = useConfirmResult();
  const preview = usePreviewCorrection();
  const [alert, setAlert] = useState<string | null>(null);
  const send = props.mode === 'confirm' ? confirm : enter;
  const body = (v: Record<string, string>) => ({
    gameCode: props.gameCode,
    issueId: props.issueId,
    result: toResult(props.kind, props.region, v),
  });

  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await send.mutateAsync(body(v));
      form.reset({});
      preview.reset();
      props.onDone?.();
    } catch (err) {
      setAlert(errorText(err));
    }
  });
  const showPreview = form.handleSubmit((v) => {
    setAlert(null);
    preview.mutate(body(v), { onError: (err) => setAlert(errorText(err)) });
  });
  const errors = form.formState.errors;

  return (
    <form onSubmit={submit} noValidate className="bo-form bo-result-form" aria-label={t(`lottery.form.${props.mode}`)}>
      <p className="bo-hint">{t(props.mode === 'confirm' ? 'lottery.form.confirmHelp' : 'lottery.form.enterHelp')}</p>
      <div className="bo-prizes">
        {rows.map((r) => (
          <fieldset key={r.key} className="bo-prize">
            <legend>
              {t(`lottery.prizes.${r.key}`, { defaultValue: r.key })}{' '}
              <span className="bo-hint">{t('lottery.form.digits', { count: r.count, digits: r.digits })}</span>
            </legend>
            <div className="bo-prize__numbers">
              {Array.from({ length: r.count }, (_, n) => {
                const name = fieldName(r.key, n);
                return (
                  <input
                    key={name}
                    className="bo-prize__input"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={r.digits}
                    size={r.digits + 1}
                    aria-label={t('lottery.form.number', {
                      prize: t(`lottery.prizes.${r.key}`, { defaultValue: r.key }),
                      n: n + 1,
                    })}
                    aria-invalid={errors[name] ? true : undefined}
                    {...form.register(name)}
                  />
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      {Object.keys(errors).length > 0 && <FormAlert message={t('lottery.digitsInvalid')} />}
      <FormAlert message={alert} />
      {preview.data && <CorrectionPreviewTable preview={preview.data} />}
      <div className="bo-form__actions">
        {props.correction && (
          <button type="button" className="bo-btn" onClick={() => void showPreview()} disabled={preview.isPending}>
            {t('lottery.preview.show')}
          </button>
        )}
        <button type="submit" className="bo-btn bo-btn--primary" disabled={send.isPending}>
          {t(props.mode === 'confirm' ? 'lottery.form.confirmSubmit' : 'lottery.form.enterSubmit')}
        </button>
      </div>
    </form>
  );
}
