import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaccaratApi } from '../../../api/baccarat.ts';
import { formatMinor } from '../money.ts';
import { Roads } from './Roads.tsx';
import { TablePage } from './TablePage.tsx';
import { secondsLeft, usePoll, useTableEvents, useTicker } from './use-poll.ts';
import './baccarat.css';

/** The lobby: every table with its phase, countdown and big road; a table opens in place. */
function Lobby(props: { api: BaccaratApi; onOpen: (code: string) => void }) {
  const { t } = useTranslation('baccarat');
  const [codes, setCodes] = useState<string[]>([]);
  // Every table's steps pushed: the lobby reads again at once, and polls every 10 s (every 2 s while pushes are down).
  const live = useTableEvents(props.api.follow, codes, () => refresh.current());
  const poll = usePoll(() => props.api.lobby(), live ? 10_000 : 2000, 'lobby');
  const refresh = useRef(poll.refresh);
  refresh.current = poll.refresh;
  const listed = poll.data?.tables.map((x) => x.code).join(',') ?? '';
  useEffect(() => setCodes(listed ? listed.split(',') : []), [listed]);
  const now = useTicker(500);
  if (!poll.data)
    return (
      <p className="bac-status" role="status">
        {poll.error ? t('errors.session') : t('loading')}
      </p>
    );
  const money = { exponent: poll.data.exponent };
  return (
    <section aria-labelledby="bac-lobby-h">
      <h1 id="bac-lobby-h" className="bac-title">
        {t('title')} <small>{t('ownGame')}</small>
      </h1>
      <ul className="bac-lobby">
        {poll.data.tables.map((table) => {
          const r = table.round;
          const open = r?.phase === 'betting' || r?.phase === 'closing';
          return (
            <li key={table.code} className="bac-lobby__table">
              <div className="bac-lobby__head">
                <h2>{table.name}</h2>
                <span data-testid={`bac-lobby-phase-${table.code}`}>
                  {r ? t(`phase.${r.phase}`) : t('phase.waiting')}
                  {open ? ` · ${t('seconds', { s: secondsLeft(r.closesAt, now, poll.offset) })}` : ''}
                </span>
              </div>
              <p className="bac-limits">
                {t('limits', {
                  min: formatMinor(money, BigInt(table.minBet)),
                  max: formatMinor(money, BigInt(table.maxBet)),
                })}{' '}
                · {t(`variant.${table.variant}`)}
              </p>
              <Roads table={table} compact />
              <button type="button" className="bac-open" onClick={() => props.onOpen(table.code)}>
                {t('open', { name: table.name })}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Our own baccarat (/play/baccarat?token=…&table=…): the lobby, or one table. */
export function BaccaratApp(props: { api: BaccaratApi | null; initialTable: string | null }) {
  const { t } = useTranslation('baccarat');
  const [table, setTable] = useState<string | null>(props.initialTable);
  if (!props.api)
    return (
      <main className="bac-app">
        <p className="bac-status" role="alert">
          {t('errors.session')}
        </p>
      </main>
    );
  return (
    <main className="bac-app">
      {table ? (
        <TablePage api={props.api} code={table} onLobby={() => setTable(null)} />
      ) : (
        <Lobby api={props.api} onOpen={setTable} />
      )}
    </main>
  );
}
