import { useCallback, useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha } from '../../api/auth.ts';
import { Field } from './Field.tsx';

/**
 * Image captcha of a kit form: the answer goes to `name`, the challenge id to `idName`. A captcha is single use:
 * remount it (a new `key`) after a failed attempt. Refreshing is throttled to once a second (spec §4).
 */
export function CaptchaField({ name = 'captcha', idName = 'captchaId' }: { name?: string; idName?: string }) {
  const { t } = useTranslation();
  const { register, setValue } = useFormContext();
  const [image, setImage] = useState<string | null>(null);
  const last = useRef(0);
  const refresh = useCallback(() => {
    if (Date.now() - last.current < 1000) return;
    last.current = Date.now();
    fetchCaptcha().then(
      (c) => {
        setImage(c.image);
        setValue(idName, c.captchaId);
        setValue(name, '');
      },
      () => setImage(null),
    );
  }, [name, idName, setValue]);
  useEffect(refresh, [refresh]);
  return (
    <Field name={name} label={t('auth.captcha')}>
      {(control) => (
        <div className="captcha">
          <input {...control} autoComplete="off" {...register(name)} />
          <button type="button" className="captcha__img" onClick={refresh} aria-label={t('auth.refreshCaptcha')}>
            {image ? <img src={image} alt={t('auth.captchaImage')} /> : t('common.loading')}
          </button>
        </div>
      )}
    </Field>
  );
}
