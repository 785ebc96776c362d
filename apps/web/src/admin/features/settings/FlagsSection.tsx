import type { SiteSettings } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetFlag } from '../../api/settings.ts';
import { Badge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useCan } from '../../components/permissions.tsx';

type Flag = SiteSettings['flags'][number];

/** The white-label feature flags, each explained; a change is confirmed first, then applied (and audited) at once. */
export function FlagsSection({ flags }: { flags: Flag[] }) {
  const { t } = useTranslation();
  const manage = useCan()('settings.manage');
  const setFlag = useSetFlag();
  const [changing, setChanging] = useState<Flag | null>(null);
  const name = (f: Flag) => t(`site.flags.${f.flag}`, { defaultValue: f.description });
  return (
    <section className="bo-card bo-section" aria-labelledby="site-flags">
      <h2 id="site-flags">{t('site.flagsTitle')}</h2>
      <p className="bo-hint">{t('site.flagsHelp')}</p>
      <ul className="bo-settings-list">
        {flags.map((f) => (
          <li key={f.flag}>
            <span className="bo-settings-list__text">
              <span>{name(f)}</span>
              <code>
                {f.flag}
                {f.enabled !== f.default && ` · ${t('site.changedFromDefault')}`}
              </code>
            </span>
            <Badge tone={f.enabled ? 'good' : 'neutral'}>{f.enabled ? t('site.on') : t('site.off')}</Badge>
            {manage && (
              <button
                type="button"
                className="bo-btn bo-btn--small"
                aria-label={t(f.enabled ? 'site.turnOffNamed' : 'site.turnOnNamed', { name: name(f) })}
                onClick={() => setChanging(f)}
              >
                {f.enabled ? t('site.turnOff') : t('site.turnOn')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={changing !== null}
        onClose={() => setChanging(null)}
        title={t(changing?.enabled ? 'site.turnOffNamed' : 'site.turnOnNamed', {
          name: changing ? name(changing) : '',
        })}
        text={t(changing?.enabled ? 'site.flagOffText' : 'site.flagOnText', { flag: changing?.flag ?? '' })}
        confirmLabel={changing?.enabled ? t('site.turnOff') : t('site.turnOn')}
        danger={changing?.enabled}
        mutation={setFlag}
        args={{ flag: changing?.flag ?? '', enabled: !changing?.enabled }}
      />
    </section>
  );
}
