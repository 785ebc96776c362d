import { Dialog } from '@base-ui/react/dialog';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The back office's dialog (Base UI: focus trap, Escape, labelled by its title). `side` makes it a drawer on the
 * right (a record's detail).
 */
export function AppDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  side?: boolean;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Backdrop className="bo-dialog__backdrop" />
        <Dialog.Popup className={clsx('bo-dialog', props.side && 'bo-dialog--side', props.wide && 'bo-dialog--wide')}>
          <header className="bo-dialog__head">
            <Dialog.Title className="bo-dialog__title">{props.title}</Dialog.Title>
            <Dialog.Close className="bo-icon-btn" aria-label={t('common.close')}>
              ✕
            </Dialog.Close>
          </header>
          <div className="bo-dialog__body">{props.children}</div>
          {props.footer && <footer className="bo-dialog__foot">{props.footer}</footer>}
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A form dialog's footer: Cancel, and Save submitting the form `formId` (disabled while it saves). */
export function SaveFooter(props: { formId: string; onCancel: () => void; saving: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="bo-btn bo-btn--ghost" onClick={props.onCancel}>
        {t('common.cancel')}
      </button>
      <button type="submit" form={props.formId} className="bo-btn bo-btn--primary" disabled={props.saving}>
        {t('common.save')}
      </button>
    </>
  );
}
