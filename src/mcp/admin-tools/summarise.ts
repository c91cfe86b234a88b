// The one summary of an admin operation's result, derived from the result's shape and the
// operation: what was found (how many, which ids), what state it is in, and what to call next
// (the exact cursor of the next page, the id to pass on). Like every summary here it holds only
// text the server writes: ids, states, counts, cursors and the spec's own words. Titles, names and
// e-mails are school-written, so they stay in the fenced data below the summary (untrusted.ts).
type Json = Record<string, unknown>;

const SHOWN_IDS = 3;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `listCourseEnrollments` → "course enrollments"; `createSection` → "section". */
function nounOf(operationId: string): string {
  return operationId
    .replace(/^[a-z]+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** `createSection` → "section_id": the argument other operations take the new id as. */
function idArgumentOf(operationId: string): string | undefined {
  const match = /^create([A-Z]\w*)$/.exec(operationId);
  return match ? `${nounOf(`x${match[1]}`).replaceAll(' ', '_')}_id` : undefined;
}

function idsOf(items: unknown[]): string {
  const ids = items
    .slice(0, SHOWN_IDS)
    .map((item) => (isObject(item) && typeof item.id === 'string' ? item.id : undefined))
    .filter(Boolean);
  if (!ids.length) return '';
  return ` (ids: ${ids.join(', ')}${items.length > SHOWN_IDS ? ', …' : ''})`;
}

/** The state words the spec defines (an enum), never free text. */
function stateOf(body: Json): string {
  const facts = ['status', 'number']
    .filter((key) => typeof body[key] === 'string')
    .map((key) => `${key} ${String(body[key])}`);
  return facts.length ? `, ${facts.join(', ')}` : '';
}

/** What a call of the same list with the next cursor looks like, through whichever tool ran it. */
export type NextPageHint = (cursor: string) => string;

export function summarise(
  operationId: string,
  spec: { summary: string; status: number; pathIds: Json },
  body: unknown,
  nextPage: NextPageHint,
): string {
  if (spec.status === 204 || body === undefined || body === null) {
    const ids = Object.values(spec.pathIds).join(', ');
    return `Done: ${spec.summary}${ids ? ` (${ids})` : ''}. Nothing is returned.`;
  }
  if (isObject(body) && Array.isArray(body.data)) {
    const count = body.data.length;
    const cursor = typeof body.next_cursor === 'string' ? body.next_cursor : null;
    const next = cursor ? `More on the next page: ${nextPage(cursor)}.` : 'This is the last page.';
    const total = typeof body.total_count === 'number' ? ` of ${body.total_count}` : '';
    return `${count}${total} ${nounOf(operationId)} on this page${idsOf(body.data)}. ${next}`;
  }
  if (Array.isArray(body)) return `${body.length} ${nounOf(operationId)}${idsOf(body)}.`;
  if (isObject(body) && typeof body.id === 'string') {
    const passOn = idArgumentOf(operationId);
    return `Done: ${spec.summary}. id ${body.id}${stateOf(body)}.${passOn ? ` Pass it as ${passOn} to the operations on it.` : ''}`;
  }
  if (isObject(body)) {
    const parts = Object.entries(body).map(([key, value]) =>
      Array.isArray(value) ? `${key} (${value.length} items)` : key,
    );
    return `Done: ${spec.summary}. Fields: ${parts.join(', ')}.`;
  }
  return `Done: ${spec.summary}.`;
}
