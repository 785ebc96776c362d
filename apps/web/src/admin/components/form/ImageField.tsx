import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../ErrorAlert.tsx';
import '../../styles/backoffice-more.css';

/**
 * An image picked from a file, uploaded at once to the media store (`upload` returns its content-hashed URL), then
 * previewed; the form keeps only the URL. Used by banners, promotions and game icons. `onChange(null)` clears it
 * when `removable`.
 */
export function ImageField(props: {
  label: string;
  hint: string;
  value: string | null;
  onChange: (url: string | null) => void;
  upload: (file: File) => Promise<{ url: string }>;
  error?: FieldError;
  removable?: boolean;
  previewClassName?: string;
  /** What the preview shows, for screen readers (e.g. "Preview of the game icon"). */
  previewAlt: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useMutation({ mutationFn: props.upload });
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      props.onChange((await upload.mutateAsync(file)).url);
    } catch {
      // shown by the ErrorAlert under the picker
    }
  };
  const error = props.error?.message;
  return (
    <div className="bo-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : `${id}-hint`}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = ''; // the same file may be picked again after a refusal
        }}
      />
      <p id={`${id}-hint`} className="bo-hint" aria-live="polite">
        {upload.isPending ? t('more.image.uploading') : props.hint}
      </p>
      {error && (
        <p id={`${id}-err`} className="bo-field__error" role="alert">
          {t(error, { defaultValue: error })}
        </p>
      )}
      {upload.isError && <ErrorAlert error={upload.error} />}
      {props.value && (
        <div className="bo-image-field__preview">
          <img className={props.previewClassName ?? 'bo-content-preview'} src={props.value} alt={props.previewAlt} />
          {props.removable && (
            <button type="button" className="bo-btn bo-btn--ghost bo-btn--small" onClick={() => props.onChange(null)}>
              {t('more.image.remove')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
