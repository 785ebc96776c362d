import { useTranslation } from 'react-i18next';
import type { BaccaratApi } from '../../../api/baccarat.ts';
import { formatMinor } from '../money.ts';
import { TableGameApp, TableStatus, useTableLobby } from '../table-kit/table-kit.tsx';
import { Roads } from './Roads.tsx';
import { TablePage } from './TablePage.tsx';
import './baccarat.css';

/** The lobby: every table with its phase, countdown and big road; a table opens in place. */
function Lobby(props: { api: BaccaratApi; onOpen: (code: string) => void }) {
  const { t } = useTranslation('baccarat');
  const poll = useTableLobby(
    props.api.follow,
    () => props.api.lobby(),
    (l) => l.tables.map((x) => x.code),
  );
  if (!poll.data) return <TableStatus block="bac" error={poll.error} t={t} />;
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
                  {open ? ` · ${t('seconds', { s: poll.secondsLeft(r.closesAt) })}` : ''}
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
  return (
    <TableGameApp
      block="bac"
      api={props.api}
      initial={props.initialTable}
      t={t}
      lobby={(api, open) => <Lobby api={api} onOpen={open} />}
      table={(api, code, toLobby) => <TablePage api={api} code={code} onLobby={toLobby} />}
    />
  );
}
