import type { LotteryCorrectionPreview } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/format.ts';
import './lottery.css';

/** Who gains and who loses if this correction is confirmed: per member and in total (written nowhere yet). */
export function CorrectionPreviewTable({ preview }: { preview: LotteryCorrectionPreview }) {
  const { t } = useTranslation();
  const money = (minor: string) => formatAmount(minor, preview.exponent);
  const tone = (d: string) => (d.startsWith('-') ? 'bo-amount--minus' : d === '0' ? '' : 'bo-amount--plus');
  const x = preview.totals;
  return (
    <section className="bo-preview" aria-label={t('lottery.preview.title')}>
      <h3>{t('lottery.preview.title')}</h3>
      <p role="status">
        {t('lottery.preview.summary', {
          version: preview.version,
          members: x.members,
          gainers: x.gainers,
          losers: x.losers,
          difference: `${money(x.difference)} ${preview.currency}`,
        })}
      </p>
      {preview.members.length === 0 ? (
        <p className="bo-empty">{t('lottery.preview.none')}</p>
      ) : (
        <div className="bo-table">
          <div className="bo-table__scroll bo-lottery-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('lottery.preview.member')}</th>
                  <th scope="col" className="num">
                    {t('lottery.bets')}
                  </th>
                  <th scope="col" className="num">
                    {t('lottery.preview.oldPayout')}
                  </th>
                  <th scope="col" className="num">
                    {t('lottery.preview.newPayout')}
                  </th>
                  <th scope="col" className="num">
                    {t('lottery.preview.difference')}
                  </th>
                  <th scope="col" className="num">
                    {t('lottery.preview.shortfall')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.members.map((m) => (
                  <tr key={m.memberId}>
                    <td>{m.memberAccount || `#${m.memberId}`}</td>
                    <td className="num">{m.bets}</td>
                    <td className="num">{money(m.oldPayout)}</td>
                    <td className="num">{money(m.newPayout)}</td>
                    <td className={`num ${tone(m.difference)}`}>{money(m.difference)}</td>
                    <td className="num">{m.shortfall === '0' ? '—' : money(m.shortfall)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('lottery.preview.total')}</th>
                  <td className="num">{x.bets}</td>
                  <td className="num">{money(x.oldPayout)}</td>
                  <td className="num">{money(x.newPayout)}</td>
                  <td className={`num ${tone(x.difference)}`}>{money(x.difference)}</td>
                  <td className="num">{x.shortfall === '0' ? '—' : money(x.shortfall)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </div>
      )}
      <p className="bo-hint">{t('lottery.preview.shortfallHelp')}</p>
    </section>
  );
}
