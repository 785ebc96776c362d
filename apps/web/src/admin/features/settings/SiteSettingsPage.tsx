import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '../../api/settings.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { AccessSection } from './AccessSection.tsx';
import { FlagsSection } from './FlagsSection.tsx';
import { KycSettingsSection } from './KycSettingsSection.tsx';
import { LimitsSection } from './LimitsSection.tsx';
import { ProfileFieldsSection } from './ProfileFieldsSection.tsx';
import { RegistrationSection } from './RegistrationSection.tsx';
import { RgHelpSection } from './RgHelpSection.tsx';
import '../../styles/agents-content.css';

/**
 * The merchant's settings in plain words: the site, who may reach it (maintenance, regions, encryption), feature
 * flags, registration fields, the money limits (withdrawals, deposit methods), the player profile's fields and minimum age, and domains. Every change is confirmed here and audited by the server.
 */
export function SiteSettingsPage() {
  const { t } = useTranslation();
  const q = useSiteSettings();
  return (
    <div className="bo-page bo-page--narrow">
      <div className="bo-page__head">
        <h1>{t('site.title')}</h1>
      </div>
      {q.isPending && <p>{t('common.loading')}</p>}
      {q.isError && <ErrorAlert error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && (
        <>
          <section className="bo-card bo-section" aria-labelledby="site-general">
            <h2 id="site-general">{t('site.generalTitle')}</h2>
            <dl className="bo-dl">
              <dt>{t('site.name')}</dt>
              <dd>
                {q.data.merchant.name} <code>{q.data.merchant.code}</code>
              </dd>
              <dt>{t('site.currency')}</dt>
              <dd>{q.data.merchant.currency}</dd>
              <dt>{t('site.timezone')}</dt>
              <dd>{q.data.merchant.timezone}</dd>
              <dt>{t('site.languages')}</dt>
              <dd>
                {q.data.merchant.languages.join(', ')} ({t('site.default', { lng: q.data.merchant.defaultLanguage })})
              </dd>
            </dl>
            <p className="bo-hint">{t('site.generalHelp')}</p>
          </section>
          <AccessSection settings={q.data} />
          <FlagsSection flags={q.data.flags} />
          <RegistrationSection fields={q.data.registration} />
          <LimitsSection />
          <KycSettingsSection />
          <ProfileFieldsSection />
          <RgHelpSection />
          <section className="bo-card bo-section" aria-labelledby="site-domains">
            <h2 id="site-domains">{t('site.domainsTitle')}</h2>
            <p className="bo-hint">{t('site.domainsHelp')}</p>
            {q.data.domains.length === 0 ? (
              <p>{t('site.noDomains')}</p>
            ) : (
              <ul className="bo-settings-list">
                {q.data.domains.map((d) => (
                  <li key={d.domain}>
                    <span className="bo-settings-list__text">{d.domain}</span>
                    <Badge tone="neutral">{d.kind}</Badge>
                    {d.primary && <Badge tone="info">{t('site.primary')}</Badge>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
