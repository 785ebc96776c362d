import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type LotteryLobbyGame, useLotteryLobby } from '../../api/lottery.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { clockOffset, issuePhase, useServerNow } from './clock.ts';
import { Countdown, ResultView, useIntervalText } from './parts.tsx';
import './lottery.css';
import '../../i18n/areas/lottery.ts';

/** /lottery: our fast lottery games, each with its current issue, a live countdown and the last result. */
export default function LotteryLobby() {
  const { t } = useTranslation();
  const query = useLotteryLobby();
  const offset = query.data ? clockOffset(query.data.serverTime, query.dataUpdatedAt) : 0;
  return (
    <section className="lottery" aria-labelledby="page-title">
      <h1 id="page-title">{t('lottery.lobbyTitle')}</h1>
      <p className="lottery__intro">{t('lottery.lobbyIntro')}</p>
      <QueryState query={query} isEmpty={(d) => d.games.length === 0} empty={t('lottery.empty')}>
        {(lobby) => (
          <ul className="lot-lobby" data-testid="lottery-lobby">
            {lobby.games.map((g) => (
              <LobbyCard key={g.gameCode} game={g} offset={offset} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function LobbyCard({ game, offset }: { game: LotteryLobbyGame; offset: number }) {
  const { t } = useTranslation();
  const now = useServerNow(offset);
  const every = useIntervalText();
  const titleId = `lot-${game.gameCode}`;
  return (
    <li className="lot-card" aria-labelledby={titleId}>
      <div className="lot-card__head">
        <h2 id={titleId} className="lot-card__name">
          <Link to={`/lottery/${encodeURIComponent(game.gameCode)}`}>{game.name}</Link>
        </h2>
        <span className="lot-card__kind">{t(`lottery.kinds.${game.kind}`)}</span>
      </div>
      <p className="lot-card__every">{every(game.intervalSeconds)}</p>
      <div className="lot-card__issue">
        {game.current ? (
          <>
            <span className="lot-card__id">{t('lottery.issue', { id: game.current.issueId })}</span>
            <Countdown phase={issuePhase(game.current, now)} />
          </>
        ) : (
          <span className="field__hint">{t('lottery.noIssue')}</span>
        )}
      </div>
      <div className="lot-card__last">
        <span className="lot-card__label">
          {game.last ? t('lottery.issue', { id: game.last.issueId }) : t('lottery.lastResult')}
        </span>
        {game.last ? (
          <ResultView kind={game.kind} result={game.last.result} small />
        ) : (
          <span className="field__hint">{t('lottery.noResult')}</span>
        )}
      </div>
      <Link className="btn btn--primary lot-card__play" to={`/lottery/${encodeURIComponent(game.gameCode)}`}>
        {t('lottery.play')}
      </Link>
    </li>
  );
}
