import { chainHashAt, drawElott, type ElottKind, isChainHash, mixBeacon, verifyChainLink } from '@sea/games';

/**
 * The lottery verifier's check, in the browser with the server's engines: the revealed issue hash must hash to the
 * previous link of the published chain, and the draw recomputed from it — with the beacon value mixed in, on a chain
 * committed with a beacon — must equal the stored result.
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
  beacon: { value: string | null } | null;
  result: readonly number[] | null;
}): IssueCheck | null {
  if (!issue.hash) return null;
  const link = verifyChainLink(issue.hash, issue.previousHash);
  try {
    if (issue.beacon && !issue.beacon.value) throw new Error('the beacon value of this draw is missing');
    const salt = issue.beacon ? mixBeacon(issue.salt, issue.beacon.value!) : issue.salt;
    const recomputed = drawElott(issue.kind, issue.hash, salt, issue.issueId);
    const resultMatches =
      issue.result !== null &&
      issue.result.length === recomputed.length &&
      recomputed.every((d, i) => d === issue.result![i]);
    return { link, recomputed, resultMatches, error: null };
  } catch (e) {
    return { link, recomputed: null, resultMatches: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Does the revealed h_i lead to its chain's published commitment? Hashes it `index` times (up to the chain's length,
 * 100,000 by default) toward h_0, a slice at a time so the page stays responsive; `signal` stops it (false).
 */
/**
 * The beacon round as its source published it, against the issue: the same value was mixed in, and it was published
 * at or after the draw time (so after betting closed) and after the chain's commitment — a value nobody had then.
 */
export function beaconCheck(
  issue: { drawsAt: string; chain: { publishedAt: string }; beacon: { round: number; value: string | null } | null },
  published: { round: number; value: string; publishedAt: string },
): { sameValue: boolean; afterBets: boolean } {
  const at = Date.parse(published.publishedAt);
  return {
    sameValue:
      issue.beacon !== null && published.round === issue.beacon.round && published.value === issue.beacon.value,
    afterBets: at >= Date.parse(issue.drawsAt) && at > Date.parse(issue.chain.publishedAt),
  };
}

export async function reachesCommitment(
  hash: string,
  index: number,
  terminalHash: string,
  opts: { slice?: number; signal?: AbortSignal; onProgress?: (done: number) => void } = {},
): Promise<boolean> {
  if (!isChainHash(hash) || !Number.isSafeInteger(index) || index < 1) return false;
  const slice = opts.slice ?? 2_000;
  let h = hash;
  for (let done = 0; done < index;) {
    if (opts.signal?.aborted) return false;
    const to = Math.min(index, done + slice);
    h = chainHashAt(h, to - done, 0);
    done = to;
    opts.onProgress?.(done);
    if (done < index) await new Promise((r) => setTimeout(r, 0));
  }
  return h === terminalHash;
}
