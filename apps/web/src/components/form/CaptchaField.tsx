import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha } from '../../api/auth.ts';

/** Image captcha; refreshing is throttled to once a second (spec §4). */
export function CaptchaField(props: {
  value: string;
  onChange: (answer: string, captchaId: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [captchaId, setCaptchaId] = useState('');
  const last = useRef(0);
  const { onChange } = props;
  const refresh = useCallback(() => {
    if (Date.now() - last.current < 1000) return;
    last.current = Date.now();
    fetchCaptcha().then(
      (c) => {
        setImage(c.image);
        setCaptchaId(c.captchaId);
        onChange('', c.captchaId);
      },
      () => setImage(null),
    );
  }, [onChange]);
  useEffect(refresh, [refresh]);
  return (
    <div className="field">
      <label htmlFor="captcha">{t('auth.captcha')}</label>
      <div className="captcha">
        <input
          id="captcha"
          autoComplete="off"
          value={props.value}
          onChange={(e) => onChange(e.target.value, captchaId)}
          aria-invalid={Boolean(props.error)}
        />
        <button type="button" className="captcha__img" onClick={refresh} aria-label={t('auth.refreshCaptcha')}>
          {image ? <img src={image} alt={t('auth.captchaImage')} /> : t('common.loading')}
        </button>
      </div>
      {props.error && <p className="field__error">{props.error}</p>}
    </div>
  );
}
