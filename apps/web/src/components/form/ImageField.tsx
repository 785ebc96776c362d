import { useEffect, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { IMAGE_TYPES } from '../../lib/validation.ts';
import { Field, useFieldError } from './Field.tsx';

/**
 * An image to attach (PNG or JPG; checked by lib/validation imageFile as soon as it is chosen): the file input,
 * an optional preview of a valid choice, and the field's error. `asButton` shows the label as a button (the input
 * itself is visually hidden); `submitOnPick` submits the form as soon as a valid image is chosen (the avatar).
 */
export function ImageField({
  name,
  label,
  previewAlt,
  asButton,
  submitOnPick,
}: {
  name: string;
  label: string;
  previewAlt?: string;
  asButton?: boolean;
  submitOnPick?: boolean;
}) {
  const { control, trigger } = useFormContext();
  const { field } = useController({ control, name });
  const error = useFieldError(name);
  const file = field.value instanceof File ? field.value : null;
  const [preview, setPreview] = useState<string | null>(null);
  // A cleared value (after a reset) clears the file input too: it is re-created.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!file) setGeneration((g) => g + 1);
  }, [file]);
  useEffect(() => {
    if (!file || !previewAlt || error) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file, previewAlt, error]);

  return (
    <Field
      name={name}
      label={label}
      labelClassName={asButton ? 'btn btn--ghost' : undefined}
      after={preview && <img className="image-field__preview" src={preview} alt={previewAlt} />}
    >
      {(aria) => (
        <input
          key={generation}
          {...aria}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className={asButton ? 'sr-only' : undefined}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          onChange={async (e) => {
            const form = e.target.form;
            field.onChange(e.target.files?.[0] ?? null);
            if ((await trigger(name)) && submitOnPick) form?.requestSubmit();
          }}
        />
      )}
    </Field>
  );
}
