const SUIT: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RANK: Record<string, string> = { T: '10' };

/** A card code ("AS", "TD") as a face: rank and suit, red for hearts and diamonds. */
export function CardFace(props: { code: string }) {
  const rank = props.code[0]!;
  const suit = props.code[1]!;
  const red = suit === 'H' || suit === 'D';
  return (
    <span className={`bac-card${red ? ' bac-card--red' : ''}`}>
      {RANK[rank] ?? rank}
      {SUIT[suit]}
    </span>
  );
}

/** Card value in baccarat (A = 1, 10/J/Q/K = 0) of a code, for the running total shown while dealing. */
export const cardPoints = (code: string): number => {
  const r = code[0]!;
  if (r === 'A') return 1;
  if ('TJQK'.includes(r)) return 0;
  return Number(r);
};

export const handPoints = (codes: string[]): number => codes.reduce((s, c) => s + cardPoints(c), 0) % 10;
