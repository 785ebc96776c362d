import type { AdminVendor } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { useVendors } from '../../api/games.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';
import { VendorActions } from './VendorActions.tsx';

/**
 * The provider registry: every vendor with its wallet mode, status and maintenance; a games manager puts one into
 * maintenance, disables it, edits its name and order, rotates its wallet key (shown once) or syncs its catalogue.
 */
export function VendorsPage() {
  const { t } = useTranslation();
  const vendors = useVendors();
  const manage = useCan()('games.manage');
  const rows = vendors.data ?? [];
  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('games.vendors.title')}</h1>
      </div>
      <p className="bo-hint">{t('games.vendors.help')}</p>
      {vendors.isError && <ErrorAlert error={vendors.error} onRetry={() => void vendors.refetch()} />}
      <section className="bo-table" aria-label={t('games.vendors.title')}>
        <div className="bo-table__scroll" tabIndex={0} role="group" aria-label={t('games.vendors.title')}>
          <table aria-busy={vendors.isFetching}>
            <thead>
              <tr>
                <th scope="col">{t('games.vendors.code')}</th>
                <th scope="col">{t('games.vendors.name')}</th>
                <th scope="col">{t('games.vendors.walletMode')}</th>
                <th scope="col">{t('games.vendors.adapter')}</th>
                <th scope="col">{t('games.status')}</th>
                <th scope="col" className="num">
                  {t('games.order')}
                </th>
                <th scope="col">{t('games.vendors.walletKey')}</th>
                {manage && (
                  <th scope="col" className="bo-sticky-end">
                    <span className="sr-only">{t('common.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {vendors.isPending && (
                <tr>
                  <td colSpan={8} role="status">
                    {t('common.loading')}
                  </td>
                </tr>
              )}
              {vendors.isSuccess && rows.length === 0 && (
                <tr>
                  <td colSpan={8} className="bo-table__empty">
                    {t('games.vendors.empty')}
                  </td>
                </tr>
              )}
              {rows.map((v) => (
                <tr key={v.code}>
                  <td>
                    <code>{v.code}</code>
                  </td>
                  <td>{v.name}</td>
                  <td>{t(`games.vendors.walletModes.${v.walletMode}`)}</td>
                  <td>{v.adapter}</td>
                  <td>
                    <VendorState vendor={v} />
                  </td>
                  <td className="num">{v.sort}</td>
                  <td>{v.hasWalletSecret ? t('games.vendors.keySet') : t('games.vendors.keyNone')}</td>
                  {manage && (
                    <td className="bo-sticky-end">
                      <VendorActions vendor={v} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

function VendorState({ vendor: v }: { vendor: AdminVendor }) {
  const { t } = useTranslation();
  return (
    <span className="bo-badges">
      <Badge tone={v.status === 'active' ? 'good' : 'bad'}>{t(`games.statuses.${v.status}`)}</Badge>
      {v.maintenance && <Badge tone="warn">{t('games.statuses.maintenance')}</Badge>}
    </span>
  );
}
