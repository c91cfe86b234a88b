// Identifiers the fuzzer has seen, so that generated requests reach real objects and not only the
// 404 branch. Lists fill the pool with what the school already holds (the demo fixtures other
// suites rely on: read-only use), creates with what the fuzzer made itself ("own": the only
// objects a generated change may touch). DELETE operations never draw from it (random ids only).
import type { FuzzOperation } from './spec.ts';

/** A pooled object: its id and the ids of the objects above it in the path it was found under. */
export type PoolEntry = { ids: Record<string, string>; slug: string | undefined; own: boolean };

const pools = new Map<string, PoolEntry[]>();
const MAX_PER_RESOURCE = 200;

const literalSegments = (path: string) => path.split('/').filter((s) => s && !s.startsWith('{'));

/** The collection a path parameter names: the literal segment before it (`/courses/{course_id}` → courses). */
export function resourceOfParam(path: string, param: string): string | undefined {
  const segments = path.split('/');
  const at = segments.indexOf(`{${param}}`);
  const before = at > 0 ? segments[at - 1] : undefined;
  return before && !before.startsWith('{') ? before : undefined;
}

function add(resource: string, entry: PoolEntry): void {
  const entries = pools.get(resource) ?? [];
  if (entries.some((e) => e.ids[resource] === entry.ids[resource])) return;
  if (entries.length >= MAX_PER_RESOURCE) {
    // Bounded memory: drop the oldest seen object; a pool full of own objects takes no more.
    const oldestSeen = entries.findIndex((e) => !e.own);
    if (oldestSeen < 0) return;
    entries.splice(oldestSeen, 1);
  }
  entries.push(entry);
  pools.set(resource, entries);
}

/**
 * Records the objects of a successful list (`data[]`) or create (201, or 200 of an invite at a
 * collection path) under the collection the path ends in, with the path's own ids as ancestors.
 */
export function harvest(op: FuzzOperation, pathValues: Record<string, string>, status: number, body: unknown): void {
  const last = op.path.split('/').at(-1) ?? '';
  if (last.startsWith('{') || !body || typeof body !== 'object') return;
  const isList = op.method === 'get' && Array.isArray((body as { data?: unknown }).data);
  const isCreate = op.method === 'post' && (status === 201 || (status === 200 && !op.path.includes('{')));
  if (!isList && !isCreate) return;
  const resource = literalSegments(op.path).at(-1)!;
  const ancestors: Record<string, string> = {};
  for (const [param, value] of Object.entries(pathValues)) {
    const parent = resourceOfParam(op.path, param);
    if (parent) ancestors[parent] = value;
  }
  const items: unknown[] = isList ? (body as { data: unknown[] }).data : [body];
  for (const item of items) {
    const { id, slug } = (item ?? {}) as { id?: unknown; slug?: unknown };
    if (typeof id !== 'string') continue;
    add(resource, {
      ids: { ...ancestors, [resource]: id },
      slug: typeof slug === 'string' ? slug : undefined,
      own: isCreate,
    });
  }
}

const cursors = new Map<string, string[]>();

/** Remembers an operation's `next_cursor`: the only valid cursors are the ones the server handed out. */
export function harvestCursor(operationId: string, body: unknown): void {
  const next = (body as { next_cursor?: unknown } | null)?.next_cursor;
  if (typeof next !== 'string') return;
  const known = cursors.get(operationId) ?? [];
  if (known.length < MAX_PER_RESOURCE && !known.includes(next)) known.push(next);
  cursors.set(operationId, known);
}

export function pickCursor(operationId: string, pick: number): string | undefined {
  const known = cursors.get(operationId) ?? [];
  return known.length ? known[pick % known.length] : undefined;
}

/** The `pick`-th entry (modulo the pool's size) of a collection; only own entries when asked. */
export function pickEntry(resource: string, pick: number, ownOnly: boolean): PoolEntry | undefined {
  const entries = (pools.get(resource) ?? []).filter((e) => e.own || !ownOnly);
  return entries.length ? entries[pick % entries.length] : undefined;
}

/** How many objects the pool holds, for the run's summary. */
export function poolSizes(): Record<string, number> {
  return Object.fromEntries([...pools].map(([resource, entries]) => [resource, entries.length]));
}

/** Body fields that name other objects, and the collection each names. */
const REFERENCES: Record<string, string> = {
  course_id: 'courses',
  course_ids: 'courses',
  section_id: 'sections',
  section_ids: 'sections',
  lecture_ids: 'lectures',
  plan_id: 'membership-plans',
  person_id: 'students',
  file_id: 'files',
};

/** Entries that agree with the objects already in the path (sections of that very course). */
function related(resource: string, ownOnly: boolean, context: Record<string, string>): PoolEntry[] {
  const entries = (pools.get(resource) ?? []).filter((e) => e.own || !ownOnly);
  const agreeing = entries.filter((e) =>
    Object.entries(context).every(([r, id]) => r === resource || e.ids[r] === undefined || e.ids[r] === id),
  );
  return agreeing.length ? agreeing : entries;
}

/**
 * A copy of a JSON body whose reference fields point at pooled objects: one for a single id, all
 * related ones (rotated by `pick`) for a list, so that reorders can name a section's own lectures.
 */
export function linkReferences(
  body: unknown,
  pick: number,
  ownOnly: boolean,
  context: Record<string, string>,
): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const linked: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [field, value] of Object.entries(linked)) {
    const resource = REFERENCES[field];
    const entries = resource ? related(resource, ownOnly, context) : [];
    if (!resource || !entries.length) continue;
    const ids = entries.map((e) => e.ids[resource]!);
    const rotated = [...ids.slice(pick % ids.length), ...ids.slice(0, pick % ids.length)];
    if (typeof value === 'string') linked[field] = rotated[0];
    // A reorder must name every section (lecture) of its parent; other lists keep their length.
    else if (Array.isArray(value))
      linked[field] =
        field.endsWith('_ids') && field !== 'course_ids' ? rotated : rotated.slice(0, Math.max(value.length, 1));
  }
  return linked;
}
