import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './AppDialog.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';

/** "Are you sure?" for one action; the call's error stays in the dialog, which closes on success. */
export function ConfirmDialog<A>(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  mutation: UseMutationResult<unknown, Error, A>;
  args: A;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const { mutation } = props;
  const close = () => {
    mutation.reset();
    props.onClose();
  };
  return (
    <AppDialog
      open={props.open}
      onClose={close}
      title={props.title}
      footer={
        <>
          <button type="button" className="bo-btn bo-btn--ghost" onClick={close}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={props.danger ? 'bo-btn bo-btn--danger' : 'bo-btn bo-btn--primary'}
            disabled={mutation.isPending}
            onClick={() =>
              mutation.mutate(props.args, {
                onSuccess: () => {
                  close();
                  props.onDone?.();
                },
              })
            }
          >
            {props.confirmLabel}
          </button>
        </>
      }
    >
      <p>{props.text}</p>
      {mutation.isError && <ErrorAlert error={mutation.error} />}
    </AppDialog>
  );
}
