import { useTranslation } from 'react-i18next';
import { ADMIN_LANGUAGES, type AdminLanguage, setAdminLanguage } from '../i18n/index.ts';

/** EN / TY / TL: the back office's language (kept in localStorage). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="bo-lang">
      <span className="sr-only">{t('app.language')}</span>
      <select value={i18n.language} onChange={(e) => void setAdminLanguage(e.target.value as AdminLanguage)}>
        {ADMIN_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {t(`app.languages.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
