import { Dialog } from '@base-ui/react/dialog';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Accessible popup (focus trap, Escape, labelled) used by every dialog of the site. */
export function Modal(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Backdrop className="modal__backdrop" />
        <Dialog.Popup className={clsx('modal', props.wide && 'modal--wide')}>
          <div className="modal__head">
            <Dialog.Title className="modal__title">{props.title}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
              ✕
            </Dialog.Close>
          </div>
          <div className="modal__body">{props.children}</div>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
