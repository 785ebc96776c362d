import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../state/system.ts';
import { languageName, SUPPORTED_LANGUAGES } from '../../i18n/index.ts';

/** Languages both the site and the merchant offer; the choice is kept in localStorage (i18nextLng). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { languages } = useSystemStatus();
  const id = useId();
  const offered = SUPPORTED_LANGUAGES.filter((l) => languages.includes(l));
  if (offered.length < 2) return null;
  return (
    <span className="lang">
      <label htmlFor={id} className="sr-only">
        {t('header.language')}
      </label>
      <select id={id} value={i18n.resolvedLanguage} onChange={(e) => void i18n.changeLanguage(e.target.value)}>
        {offered.map((l) => (
          <option key={l} value={l}>
            {languageName(l)}
          </option>
        ))}
      </select>
    </span>
  );
}
