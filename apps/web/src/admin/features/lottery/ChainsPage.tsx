import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLotteryChains, useLotteryGames } from '../../api/lottery.ts';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { SelectFilter } from '../../components/table/filters.tsx';
import { formatDateTime } from '../../lib/format.ts';
import './lottery.css';

/**
 * The fast e-lottery's published commitments: per game each hash chain's terminal hash, salt, beacon and the
 * issues it covers — what players verify draws against (the secret is never in the database).
 */
export function ChainsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const gameCode = params.get('gameCode') ?? undefined;
  const chains = useLotteryChains(gameCode);
  const games = useLotteryGames();
  const chainGames = (games.data?.items ?? []).filter((g) => g.source === 'chain');

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('lottery.chains.title')}</h1>
      </div>
      <p className="bo-hint">{t('lottery.chains.help')}</p>
      <div className="bo-table__filters">
        <SelectFilter
          label={t('lottery.game')}
          allLabel={t('common.all')}
          value={gameCode}
          onChange={(v) =>
            setParams((prev) => {
              const next = new URLSearchParams(prev);
              if (v) next.set('gameCode', v);
              else next.delete('gameCode');
              return next;
            })
          }
          options={chainGames.map((g) => ({ value: g.gameCode, label: g.name }))}
        />
      </div>
      {chains.isPending && <p role="status">{t('common.loading')}</p>}
      {chains.isError && <ErrorAlert error={chains.error} onRetry={() => void chains.refetch()} />}
      {chains.data && chains.data.items.length === 0 && <p className="bo-muted">{t('lottery.chains.empty')}</p>}
      {chains.data && chains.data.items.length > 0 && (
        <div className="bo-table">
          <div className="bo-table__scroll bo-lottery-scroll">
            <table>
              <caption className="sr-only">{t('lottery.chains.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('lottery.game')}</th>
                  <th scope="col" className="num">
                    {t('lottery.chains.seq')}
                  </th>
                  <th scope="col">{t('lottery.chains.commitment')}</th>
                  <th scope="col">{t('lottery.chains.issues')}</th>
                  <th scope="col">{t('lottery.chains.beacon')}</th>
                  <th scope="col">{t('lottery.chains.published')}</th>
                </tr>
              </thead>
              <tbody>
                {chains.data.items.map((c) => (
                  <tr key={c.chainId}>
                    <td>{c.gameName}</td>
                    <td className="num">{c.seq}</td>
                    <td>
                      <div className="bo-hash">{c.terminalHash}</div>
                      <div className="bo-muted bo-hash">
                        {t('lottery.chains.salt')}: {c.salt} · {c.algorithm}
                      </div>
                      <CopyButton text={c.terminalHash} />
                    </td>
                    <td>
                      {c.firstIssueId} – {c.lastIssueId}
                      <div className="bo-muted">
                        {formatDateTime(c.firstDrawAt)} – {formatDateTime(c.lastDrawAt)} · {c.length}
                      </div>
                    </td>
                    <td>{c.beacon ?? '—'}</td>
                    <td>{formatDateTime(c.publishedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
