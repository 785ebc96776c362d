import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHelpCenter, useSiteConfig } from '../../api/system.ts';
import { useSystemStatus } from '../../state/system.ts';
import { useUi } from '../../state/ui.ts';

const SOCIAL = ['FACEBOOK', 'TELEGRAM', 'INSTAGRAM', 'WHATSAPP', 'VIBER', 'YOUTUBE'];

export function Footer() {
  const { t } = useTranslation();
  const { merchantName } = useSystemStatus();
  const site = useSiteConfig().data;
  const help = useHelpCenter().data ?? [];
  const openDialog = useUi((s) => s.open);
  const social = (site?.resources ?? []).filter((r) => SOCIAL.includes(r.key));
  return (
    <footer className="footer">
      <div className="footer__cols">
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">{t('footer.help')}</h2>
          <ul>
            {help
              .flatMap((c) => c.articles)
              .map((a) => (
                <li key={a.tag}>
                  <Link to={`/help#${a.tag}`}>{a.title}</Link>
                </li>
              ))}
            <li>
              <button type="button" className="btn btn--link" onClick={() => openDialog('feedback')}>
                {t('footer.feedback')}
              </button>
            </li>
            <li>
              <Link to="/agentLogin">{t('auth.agentLogin')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">{t('footer.followUs')}</h2>
          <ul className="footer__inline">
            {social.map((r) => (
              <li key={r.key}>
                <a href={r.url} target="_blank" rel="noreferrer">
                  {r.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-pay">
          <h2 id="footer-pay">{t('footer.payments')}</h2>
          <ul className="footer__inline">
            {(site?.paymentMethods ?? []).map((p) => (
              <li key={p} className="badge">
                {p}
              </li>
            ))}
          </ul>
          <p className="footer__small">
            {t('footer.averageTimes', { deposit: t('footer.oneMinute'), withdraw: t('footer.oneMinute') })}
          </p>
        </section>
      </div>
      <p className="footer__adult">
        <span className="badge badge--adult" aria-hidden="true">
          18+
        </span>{' '}
        {t('footer.adult')}
      </p>
      <p className="footer__small">
        {t('footer.copyright', { year: site?.copyrightYear ?? 2024, name: merchantName })}
      </p>
    </footer>
  );
}
