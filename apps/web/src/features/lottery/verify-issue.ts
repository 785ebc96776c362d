import { drawElott, type ElottKind, verifyChainLink } from '@sea/games';

/**
 * The lottery verifier's check, in the browser with the server's engines: the revealed issue hash must hash to the
 * previous link of the published chain, and the draw recomputed from it must equal the stored result.
 */
export interface IssueCheck {
  link: boolean;
  recomputed: number[] | null;
  resultMatches: boolean;
  error: string | null;
}

export function verifyIssue(issue: {
  kind: ElottKind;
  issueId: string;
  hash: string | null;
  previousHash: string;
  salt: string;
  result: readonly number[] | null;
}): IssueCheck | null {
  if (!issue.hash) return null;
  const link = verifyChainLink(issue.hash, issue.previousHash);
  try {
    const recomputed = drawElott(issue.kind, issue.hash, issue.salt, issue.issueId);
    const resultMatches =
      issue.result !== null &&
      issue.result.length === recomputed.length &&
      recomputed.every((d, i) => d === issue.result![i]);
    return { link, recomputed, resultMatches, error: null };
  } catch (e) {
    return { link, recomputed: null, resultMatches: false, error: e instanceof Error ? e.message : String(e) };
  }
}
