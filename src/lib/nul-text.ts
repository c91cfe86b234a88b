// The one rule about U+0000 in text input. PostgreSQL's text and jsonb cannot hold it: a NUL that
// reached a query would be refused by the database ("invalid byte sequence for encoding UTF8:
// 0x00") and end as a 500 (fuzz finding nulInText). So every surface refuses it as invalid input
// before anything runs, naming the field in its own way: REST in http/validation-errors.ts, the
// member GraphQL API in graphql/nul-input.ts, MCP tools in mcp/call-tool.ts. Text from outside
// that is kept rather than refused (a webhook receiver's answer, an outbox sender's failure, which
// may quote a mail server's reply) goes through storableText instead.

export const NUL_DETAIL = 'must not contain the character U+0000 (NUL)';

export type ValuePath = Array<string | number>;

type Visit = { value: unknown; key: string | number | undefined; parent: Visit | undefined };

function pathOf(visit: Visit): ValuePath {
  const path: ValuePath = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Every place in a parsed input (JSON, form or query values) where a string, or an object key,
 * holds U+0000, as the path of property names and array indexes that leads to it. Walked with an
 * explicit stack and parent links: a deeply nested body must neither overflow the call stack nor
 * cost a copy of its path per level.
 */
export function pathsWithNul(value: unknown): ValuePath[] {
  const found: Visit[] = [];
  const pending: Visit[] = [{ value, key: undefined, parent: undefined }];
  while (pending.length) {
    const visit = pending.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push(visit);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, key: index, parent: visit }));
    } else if (current !== null && typeof current === 'object') {
      // A key holding U+0000 is reported as such a string (its value is not looked at).
      for (const [key, item] of Object.entries(current))
        pending.push({ value: key.includes('\u0000') ? key : item, key, parent: visit });
    }
  }
  // The stack visits the last member first; reported in document order.
  return found.reverse().map(pathOf);
}

/**
 * Outside text that is recorded as it came, not refused (a receiver's answer, /webhooks.md
 * "History"): U+0000 becomes U+FFFD, Unicode's replacement character, so that the database can
 * hold it. Refused, the record would fail, and with it every outcome written in the same statement.
 */
export function storableText(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
}
