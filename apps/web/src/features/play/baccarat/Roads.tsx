import type { BaccaratTableSummary } from '@sea/contracts';
import { roadsOf } from '@sea/games';
import { useTranslation } from 'react-i18next';

const LETTER = { player: 'P', banker: 'B', tie: 'T' } as const;
const ROWS = 6;

/** Columns of a road laid on a grid of 6 rows (a column longer than 6 continues in the next one). */
function grid<T>(cols: T[][]): { col: number; row: number; item: T }[] {
  const out: { col: number; row: number; item: T }[] = [];
  let c = 0;
  for (const col of cols) {
    col.forEach((item, r) => out.push({ col: c + Math.floor(r / ROWS), row: r % ROWS, item }));
    c += Math.ceil(col.length / ROWS);
  }
  return out;
}

function Board(props: { label: string; cols: number; children: React.ReactNode; small?: boolean }) {
  return (
    <figure className={`bac-road${props.small ? ' bac-road--small' : ''}`}>
      <figcaption>{props.label}</figcaption>
      <div
        className="bac-road__grid"
        style={{ gridTemplateColumns: `repeat(${Math.max(props.cols, 12)}, var(--bac-cell))` }}
      >
        {props.children}
      </div>
    </figure>
  );
}

/** The five roads of the shoe, drawn from its results (packages/games roadsOf). */
export function Roads(props: { table: BaccaratTableSummary; compact?: boolean }) {
  const { t } = useTranslation('baccarat');
  const roads = roadsOf(props.table.results);
  const big = grid(roads.big);
  const derived = [
    { key: 'bigEye', label: t('bigEye'), cells: grid(roads.bigEye) },
    { key: 'small', label: t('small'), cells: grid(roads.small) },
    { key: 'cockroach', label: t('cockroach'), cells: grid(roads.cockroach) },
  ];
  const summary = props.table.results.map((r) => LETTER[r.winner]).join(' ');
  return (
    <div className="bac-roads" aria-label={`${t('roads')}: ${summary || t('noResults')}`} role="group">
      {!props.compact && (
        <Board label={t('bead')} cols={Math.ceil(roads.bead.length / ROWS)}>
          {roads.bead.map((b, i) => (
            <span
              key={i}
              className={`bac-bead bac-bead--${b.result.winner}`}
              style={{ gridColumn: b.col + 1, gridRow: b.row + 1 }}
            >
              {LETTER[b.result.winner]}
            </span>
          ))}
        </Board>
      )}
      <Board label={t('bigRoad')} cols={(big.at(-1)?.col ?? 0) + 1}>
        {big.map((b, i) => (
          <span
            key={i}
            className={`bac-ring bac-ring--${b.item.winner}`}
            style={{ gridColumn: b.col + 1, gridRow: b.row + 1 }}
          >
            {b.item.ties > 0 ? <i className="bac-ring__tie">{b.item.ties}</i> : null}
          </span>
        ))}
      </Board>
      {!props.compact &&
        derived.map((d) => (
          <Board key={d.key} label={d.label} cols={(d.cells.at(-1)?.col ?? 0) + 1} small>
            {d.cells.map((c, i) => (
              <span
                key={i}
                className={`bac-dot bac-dot--${d.key} bac-dot--${c.item}`}
                style={{ gridColumn: c.col + 1, gridRow: c.row + 1 }}
              />
            ))}
          </Board>
        ))}
    </div>
  );
}
