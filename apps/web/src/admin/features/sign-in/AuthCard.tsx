import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

/** The centred card of the screens before the back office opens (sign-in, password change, enrolment). */
export function AuthCard({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <main className="bo-auth">
      <div className={wide ? 'bo-auth__card bo-auth__card--wide' : 'bo-auth__card'}>
        <div className="bo-auth__brand">
          <span className="bo-logo" aria-hidden="true">
            BO
          </span>
          <span>{t('app.name')}</span>
          <LanguageSwitch />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
