/** Why an engine refused its input. The server maps these codes to its error catalogue (a 4xx, never a 500). */
export type GameInputErrorCode =
  'invalid_seeds' | 'invalid_bet' | 'invalid_holds' | 'unknown_game' | 'unknown_math_version';

/** Thrown by the engines for input that a caller could have checked first (the check functions return the same). */
export class GameInputError extends Error {
  readonly code: GameInputErrorCode;

  constructor(code: GameInputErrorCode, message: string) {
    super(message);
    this.name = 'GameInputError';
    this.code = code;
  }
}

/** The answer of the `check*` functions: `null` when the input is valid. */
export interface GameInputIssue {
  code: GameInputErrorCode;
  message: string;
}

export function throwIfIssue(issue: GameInputIssue | null): void {
  if (issue) throw new GameInputError(issue.code, issue.message);
}
