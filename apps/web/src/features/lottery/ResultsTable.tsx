import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type LotteryGame, type LotteryResultRow, useLotteryResults } from '../../api/lottery.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { ResultView } from './parts.tsx';

const PAGE_SIZE = 20;

/** Big/small and odd/even of a result's sum: ssc big at 23+, k3 big at 11+ (a k3 triple is neither). */
export function sumTrend(kind: 'ssc' | 'k3', result: readonly number[]) {
  const sum = result.reduce((a, b) => a + b, 0);
  const triple = kind === 'k3' && result.every((d) => d === result[0]);
  return {
    sum,
    big: triple ? null : sum >= (kind === 'ssc' ? 23 : 11),
    odd: triple ? null : sum % 2 === 1,
  };
}

/** Per position: how often each digit came in the rows, the most and least frequent. */
export function hotCold(rows: readonly (readonly number[])[]) {
  return [0, 1, 2, 3, 4].map((pos) => {
    const counts = Array.from({ length: 10 }, () => 0);
    for (const r of rows) if (r[pos] !== undefined) counts[r[pos]!]! += 1;
    const max = Math.max(...counts);
    const min = Math.min(...counts);
    return {
      hot: counts.flatMap((c, d) => (c === max ? [d] : [])),
      cold: counts.flatMap((c, d) => (c === min ? [d] : [])),
    };
  });
}

/** The recent results (newest first, paged) with the sum trend, hot/cold digits for ssc; a drawn issue's id links to the verifier. */
export function ResultsTable({ game }: { game: LotteryGame }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useLotteryResults(game.gameCode, page, PAGE_SIZE);
  return (
    <section className="lot-results" aria-labelledby="results-title">
      <h2 id="results-title">{t('lottery.results')}</h2>
      <QueryState query={query} isEmpty={(d) => d.list.length === 0} empty={t('lottery.resultsEmpty')}>
        {(data) => {
          const drawn = data.list.flatMap((r) => (r.result ? [r.result] : []));
          return (
            <>
              <div className="table-scroll">
                <table className="lot-table" data-testid="results-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('lottery.cols.issue')}</th>
                      <th scope="col">{t('lottery.cols.result')}</th>
                      <th scope="col">{t('lottery.cols.sum')}</th>
                      <th scope="col">{t('lottery.cols.bigSmall')}</th>
                      <th scope="col" className="lot-table__wide">
                        {t('lottery.cols.oddEven')}
                      </th>
                      <th scope="col" className="lot-table__wide">
                        {t('lottery.cols.time')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.list.map((r) => (
                      <ResultRow key={r.issueId} game={game} row={r} />
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                page={page}
                pages={Math.max(1, Math.ceil(data.total / data.pageSize))}
                onPage={setPage}
                label={t('lottery.pager')}
              />
              {game.kind === 'ssc' && drawn.length > 0 && <HotCold rows={drawn} />}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function ResultRow({ game, row }: { game: LotteryGame; row: LotteryResultRow }) {
  const { t } = useTranslation();
  const trend = row.result ? sumTrend(game.kind, row.result) : null;
  const word = (v: boolean | null | undefined, yes: string, no: string) =>
    v === null || v === undefined ? '–' : v ? t(yes) : t(no);
  return (
    <tr>
      <th scope="row">
        {row.result ? (
          // A drawn issue opens the verifier, which recomputes it in the browser.
          <Link
            to={`/lottery/verify?game=${encodeURIComponent(game.gameCode)}&issue=${encodeURIComponent(row.issueId)}`}
            aria-label={t('lottery.verifyLink', { id: row.issueId })}
          >
            {row.issueId} <span aria-hidden="true">✓</span>
          </Link>
        ) : (
          row.issueId
        )}
      </th>
      <td>
        {row.result ? (
          <ResultView kind={game.kind} result={row.result} small />
        ) : (
          <span className="field__hint">{t(`lottery.issueStatuses.${row.status}`)}</span>
        )}
      </td>
      <td>{trend?.sum ?? '–'}</td>
      <td>{word(trend?.big, 'lottery.big', 'lottery.small')}</td>
      <td className="lot-table__wide">{word(trend?.odd, 'lottery.odd', 'lottery.even')}</td>
      <td className="lot-table__wide">
        <DateTime value={row.drawsAt} />
      </td>
    </tr>
  );
}

function HotCold({ rows }: { rows: readonly (readonly number[])[] }) {
  const { t } = useTranslation();
  return (
    <section className="lot-hotcold" aria-labelledby="hotcold-title">
      <h3 id="hotcold-title">{t('lottery.hotCold', { count: rows.length })}</h3>
      <ul>
        {hotCold(rows).map((p, i) => (
          <li key={i}>
            <span className="lot-hotcold__pos">{t('lottery.hotColdPosition', { n: i + 1 })}</span>
            <span className="lot-hotcold__hot">
              {t('lottery.hot')}: {p.hot.join(' ')}
            </span>
            <span className="lot-hotcold__cold">
              {t('lottery.cold')}: {p.cold.join(' ')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
