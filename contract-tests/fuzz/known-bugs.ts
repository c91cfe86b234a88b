// Signatures of the open bugs the fuzzer found, for KNOWN_FAILURES in the test: each
// names the checks it fails and matches exactly its own exchanges (a request and its answer), so
// an operation marked with one still fails on anything else. Remove a bug when it is fixed.
//
// None is open. The first run's findings (U+0000 reaching PostgreSQL, unparsable bodies without
// errors[], registration answering them as problems, a body limit below the spec's lengths,
// undocumented 400 and 431, cursors longer than the cursor parameter, and the event update that
// waited for itself on PGlite) were fixed in the service and the spec; the fuzzer now fails if
// any comes back.
import type { CheckName, Finding, WireResponse } from './checks.ts';
import type { WireRequest } from './requests.ts';

export type Exchange = { finding: Finding; request: WireRequest; response: WireResponse | undefined };
export type KnownBug = {
  checks: readonly CheckName[];
  reason: string;
  matches: (e: Exchange) => boolean;
  withhold?: (request: WireRequest) => boolean;
};

/** The open bugs the fuzzer found, each matching exactly its own findings. */
export const BUGS = {} satisfies Record<string, KnownBug>;
export type BugId = keyof typeof BUGS;

/** Which known bug a finding is an instance of: the operation's own first, then any (for the report). */
export function bugOf(exchange: Exchange, listed: readonly BugId[]): BugId | undefined {
  const bugs: Record<string, KnownBug> = BUGS;
  return [...listed, ...(Object.keys(bugs) as BugId[])].find(
    (id) => bugs[id]!.checks.includes(exchange.finding.check) && bugs[id]!.matches(exchange),
  );
}
