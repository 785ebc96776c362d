import { useTranslation } from 'react-i18next';

const SUIT_GLYPH: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RANK_TEXT: Record<string, string> = { T: '10' };

/** A card (code "AS", "TD"…) that flips face up; a toggle button while the hand may be held. */
export function PlayingCard(props: {
  code: string | null;
  faceUp: boolean;
  held: boolean;
  index: number;
  disabled: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  const { code, faceUp, held } = props;
  const rank = code?.[0] ?? '';
  const suit = code?.[1] ?? '';
  const red = suit === 'H' || suit === 'D';
  const rankWord = t(`poker.ranks.${rank}`, { defaultValue: rank });
  const name = code ? t('poker.of', { rank: rankWord, suit: t(`poker.suits.${suit}`) }) : '';
  const shown = faceUp && code;
  const label = shown
    ? t(held ? 'poker.cardHeld' : 'poker.card', { n: props.index + 1, card: name })
    : t('poker.card', { n: props.index + 1, card: '—' });
  return (
    <button
      type="button"
      className={`pcard${shown ? ' pcard--up' : ''}${held ? ' pcard--held' : ''}${red ? ' pcard--red' : ''}`}
      aria-pressed={props.disabled ? undefined : held}
      aria-label={label}
      disabled={props.disabled}
      onClick={props.onToggle}
    >
      <span className="pcard__inner" aria-hidden="true">
        <span className="pcard__face">
          <span className="pcard__corner">
            {RANK_TEXT[rank] ?? rank}
            <br />
            {SUIT_GLYPH[suit]}
          </span>
          <span className="pcard__pip">{SUIT_GLYPH[suit]}</span>
          <span className="pcard__corner pcard__corner--br">
            {RANK_TEXT[rank] ?? rank}
            <br />
            {SUIT_GLYPH[suit]}
          </span>
        </span>
        <span className="pcard__back" />
      </span>
      <span className="pcard__held" aria-hidden="true">
        {held ? t('poker.held') : `${props.index + 1}`}
      </span>
    </button>
  );
}
