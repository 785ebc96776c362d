import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setMemberLanguage } from '../../api/auth.ts';
import { useSession } from '../../state/session.ts';
import { useSystemStatus } from '../../state/system.ts';
import { languageName, SUPPORTED_LANGUAGES } from '../../i18n/index.ts';

/**
 * Languages both the site and the merchant offer; the choice is kept in localStorage (i18nextLng) and, for a
 * logged-in member, on the account (PUT /wps/member/language), which the next login starts in.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { languages } = useSystemStatus();
  const isLogin = useSession((s) => s.isLogin);
  const qc = useQueryClient();
  const id = useId();
  const offered = SUPPORTED_LANGUAGES.filter((l) => languages.includes(l));
  if (offered.length < 2) return null;

  function choose(language: string) {
    void i18n.changeLanguage(language);
    if (!isLogin) return;
    // The page has already switched; the account follows (a failure only means the next login starts in the old one).
    setMemberLanguage(language).then(
      () => qc.invalidateQueries({ queryKey: ['memberInfo'] }),
      () => undefined,
    );
  }

  return (
    <span className="lang">
      <label htmlFor={id} className="sr-only">
        {t('header.language')}
      </label>
      <select id={id} value={i18n.resolvedLanguage} onChange={(e) => choose(e.target.value)}>
        {offered.map((l) => (
          <option key={l} value={l}>
            {languageName(l)}
          </option>
        ))}
      </select>
    </span>
  );
}
