// kysely sends the statements it builds as unnamed statements, which PostgreSQL parses and plans
// on every execution. For the member-data queries (a page of enrollments with two correlated
// counts) planning cost more of PostgreSQL's CPU than running them (bench/FINDINGS.md "Auto-prepare"). So, as
// pgjdbc does with its prepareThreshold (5) and per-connection statement cache (256), a statement
// text seen PREPARE_AFTER times gets a name from then on and each pooled connection parses and
// plans it once. At most MAX_PREPARED texts are named per process, so no backend holds more;
// texts seen fewer times are only counted, in a map that is cleared when it grows past
// MAX_COUNTED, so one-off statements (seeding, migrations, admin filters) cost a count and no more.
import { createHash } from 'node:crypto';

export const PREPARE_AFTER = 5;
export const MAX_PREPARED = 256;
const MAX_COUNTED = 4096;

/** Returns the name to prepare a statement text under, or undefined to send it unnamed. */
export type StatementNamer = (text: string) => string | undefined;

export function createStatementNamer(limits: { prepareAfter?: number; maxPrepared?: number } = {}): StatementNamer {
  const prepareAfter = limits.prepareAfter ?? PREPARE_AFTER;
  const maxPrepared = limits.maxPrepared ?? MAX_PREPARED;
  const named = new Map<string, string>();
  const seen = new Map<string, number>();
  return (text) => {
    const name = named.get(text);
    if (name !== undefined || named.size >= maxPrepared) return name;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < prepareAfter) {
      if (seen.size >= MAX_COUNTED) seen.clear();
      seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    // A name per text (pg refuses one name for two texts on a connection).
    const fresh = `auto_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    named.set(text, fresh);
    return fresh;
  };
}
