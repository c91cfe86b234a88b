// Generated requests for one operation: VALID ones (every part drawn from its schema) and INVALID
// ones (one part broken by a mutation, or a required body left out, or JSON that does not parse).
// A case is turned into bytes only when it is sent, so path ids can come from the id pool as it
// is then. Whether the bytes are valid is decided by the oracle on exactly what goes on the wire.
import fc from 'fast-check';
import { linkReferences, pickCursor, pickEntry, resourceOfParam } from './id-pool.ts';
import { valueArbitrary } from './schema-arbitrary.ts';
import { invalidArbitrary, type Mutation } from './schema-mutations.ts';
import type { FuzzOperation, Param, Schema } from './spec.ts';
import { schemaErrors } from './validator.ts';

/**
 * What a case may do to the school's data (see policyOf in the test): which ids a path may name,
 * whether valid bodies may be sent at all, how many changes may succeed before only invalid
 * requests follow, top-level body values never sent (`{ role: 'owner' }`, also inside arrays),
 * and the footprint of valid changes: bounds on the text fields other suites find objects by.
 */
export type Policy = {
  pathIds: 'any' | 'own' | 'random';
  validBodies: boolean;
  maxWrites?: number;
  never?: Record<string, unknown>;
  footprint?: { fields: readonly string[]; minLength: number; maxBytes?: number };
};

/** Whether a case's body breaks the policy's `never` values or, for a valid case, its footprint. */
export function breaksPolicy(c: FuzzCase, policy: Policy): boolean {
  const body =
    c.body.kind === 'value' && c.body.value && typeof c.body.value === 'object'
      ? (c.body.value as Record<string, unknown>)
      : undefined;
  if (!body) return false;
  const banned = Object.entries(policy.never ?? {}).some(
    ([field, value]) =>
      body[field] === value || (Array.isArray(body[field]) && (body[field] as unknown[]).includes(value)),
  );
  const footprint = policy.footprint;
  const outside = (text: unknown) =>
    typeof text === 'string' &&
    footprint !== undefined &&
    ([...text].length < footprint.minLength || Buffer.byteLength(text) > (footprint.maxBytes ?? Infinity));
  return banned || (c.mutation === null && (footprint?.fields ?? []).some((field) => outside(body[field])));
}

type Body = { kind: 'absent' } | { kind: 'value'; value: unknown } | { kind: 'raw'; text: string };
export type FuzzCase = {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Body;
  /** Draw path ids, body references and cursors from the pool (an index into it), or use the generated ones. */
  pooled: number | null;
  mutation: (Mutation & { location: 'path' | 'query' | 'body' }) | null;
};

export type WireRequest = {
  method: string;
  url: string;
  pathValues: Record<string, string>;
  headers: Record<string, string>;
  body: string | undefined;
  valid: boolean;
  problems: string;
};

const byLocation = (op: FuzzOperation, location: Param['in']) => op.params.filter((p) => p.in === location);

const paramsSchemas = new Map<string, Schema>();

/** One object schema per operation and location, built once so that Ajv compiles it once. */
function paramsSchema(params: Param[], key?: string): Schema {
  const cached = key ? paramsSchemas.get(key) : undefined;
  if (cached) return cached;
  const schema: Schema = {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
  if (key) paramsSchemas.set(key, schema);
  return schema;
}

function paramsArbitrary(params: Param[]): fc.Arbitrary<Record<string, unknown>> {
  const schema = paramsSchema(params);
  return fc
    .record(Object.fromEntries(params.map((p) => [p.name, valueArbitrary(p.schema)])), {
      requiredKeys: schema.required!,
    })
    .map((v) => ({ ...v }));
}

/** A path value on the wire; an absent or empty one would name another route, not a bad parameter. */
const segmentOf = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

function bodyArbitrary(op: FuzzOperation): fc.Arbitrary<Body> {
  if (!op.body) return fc.constant({ kind: 'absent' });
  // The spec's own example is sent now and then, as schemathesis' explicit-examples phase does.
  const drawn = valueArbitrary(op.body.schema);
  const values =
    op.body.example === undefined
      ? drawn
      : fc.oneof({ weight: 6, arbitrary: drawn }, { weight: 1, arbitrary: fc.constant(op.body.example) });
  const present = values.map((value): Body => ({ kind: 'value', value }));
  return op.body.required ? present : fc.oneof(present, fc.constant<Body>({ kind: 'absent' }));
}

export function validCase(op: FuzzOperation, policy: Policy): fc.Arbitrary<FuzzCase> {
  const poolable = byLocation(op, 'path').length || op.body || byLocation(op, 'query').some((p) => p.name === 'cursor');
  const pooled =
    policy.pathIds === 'random' || !poolable ? fc.constant(null) : fc.option(fc.nat(), { nil: null, freq: 3 });
  return fc.record({
    path: paramsArbitrary(byLocation(op, 'path')),
    query: paramsArbitrary(byLocation(op, 'query')),
    body: bodyArbitrary(op),
    pooled,
    mutation: fc.constant(null),
  });
}

/**
 * One broken part per case; undefined when the operation takes no input that can be broken.
 * Without `validBodies` (school settings) only the body is broken, and it carries nothing but the
 * broken field, so a server that wrongly accepted it would change at most that one field.
 */
export function invalidCase(op: FuzzOperation, policy: Policy): fc.Arbitrary<FuzzCase> | undefined {
  const base = validCase(op, { pathIds: 'random', validBodies: true });
  const breakers: Array<fc.Arbitrary<FuzzCase>> = [];
  for (const location of policy.validBodies ? (['path', 'query'] as const) : []) {
    const params = byLocation(op, location);
    const mutation = params.length ? invalidArbitrary(paramsSchema(params)) : undefined;
    // The whole parameter set of the wrong type has no meaning on the wire: only single parameters break.
    const usable = mutation?.filter(
      (m) =>
        m.pointer !== '' &&
        (location === 'query' || params.every((p) => segmentOf((m.value as Record<string, unknown>)[p.name]) !== '')),
    );
    if (usable)
      breakers.push(
        fc
          .tuple(base, usable)
          .map(([c, m]) => ({ ...c, [location]: m.value as Record<string, unknown>, mutation: { ...m, location } })),
      );
  }
  if (op.body) {
    const mutation = invalidArbitrary(op.body.schema);
    const pruned = (m: Mutation): unknown => {
      const key = m.pointer.split('/')[1];
      const value = m.value as Record<string, unknown> | undefined;
      return policy.validBodies || !key || !value || typeof value !== 'object'
        ? m.value
        : key in value
          ? { [key]: value[key] }
          : {};
    };
    if (mutation)
      breakers.push(
        fc
          .tuple(base, mutation)
          .map(([c, m]) => ({ ...c, body: { kind: 'value', value: pruned(m) }, mutation: { ...m, location: 'body' } })),
      );
    const broken = (body: Body, what: string) =>
      base.map((c) => ({ ...c, body, mutation: { value: undefined, pointer: '', what, location: 'body' as const } }));
    if (op.body.required) breakers.push(broken({ kind: 'absent' }, 'required request body missing'));
    if (op.body.contentType.includes('json'))
      breakers.push(broken({ kind: 'raw', text: '{"unterminated": ' }, 'malformed JSON'));
  }
  return breakers.length ? fc.oneof(...breakers) : undefined;
}

/** Query and form values as the server's parsers hand them over: strings, or arrays of them. */
function wireValues(record: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(record).flatMap(([key, value]): Array<[string, string]> => {
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value.map((item) => [key, typeof item === 'string' ? item : JSON.stringify(item)]);
    return [[key, typeof value === 'string' ? value : JSON.stringify(value)]];
  });
}

function parsedLikeServer(pairs: Array<[string, string]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of pairs) {
    const prior = out[key];
    out[key] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return out;
}

const UNPARSEABLE = Symbol('unparseable');

/**
 * A form as the contract reads it (OpenAPI 3.0 Encoding Object: style form, explode): a field whose
 * schema is an array is that array however often it is sent, so once is a one-item array.
 */
function formAsDocumented(pairs: Array<[string, string]>, schema: Schema): Record<string, string | string[]> {
  const form = parsedLikeServer(pairs);
  for (const [name, value] of Object.entries(form))
    if (typeof value === 'string' && schema.properties?.[name]?.type === 'array') form[name] = [value];
  return form;
}

/** The body as the server's parsers read it (express.json, express.urlencoded without `extended`). */
function parsedBody(contentType: string, text: string, schema: Schema): unknown {
  if (contentType === 'application/x-www-form-urlencoded')
    return formAsDocumented([...new URLSearchParams(text)], schema);
  try {
    return JSON.parse(text);
  } catch {
    return UNPARSEABLE;
  }
}

function resolvePath(op: FuzzOperation, c: FuzzCase, policy: Policy): Record<string, string> {
  const params = byLocation(op, 'path');
  const values = Object.fromEntries(params.map((p) => [p.name, segmentOf(c.path[p.name])]));
  if (c.pooled === null || c.mutation || policy.pathIds === 'random') return values;
  // The deepest pooled parameter picks the object; its ancestors come with it.
  const pooledParams = params.filter((p) => resourceOfParam(op.path, p.name));
  const deepest = pooledParams.at(-1);
  const entry = deepest
    ? pickEntry(resourceOfParam(op.path, deepest.name)!, c.pooled, policy.pathIds === 'own')
    : undefined;
  if (!entry) return values;
  for (const p of pooledParams) {
    const resource = resourceOfParam(op.path, p.name)!;
    const pooled = p.name === 'slug' ? entry.slug : entry.ids[resource];
    if (pooled) values[p.name] = pooled;
  }
  return values;
}

function contextOf(op: FuzzOperation, pathValues: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(pathValues).flatMap(([param, value]) =>
      resourceOfParam(op.path, param) ? [[resourceOfParam(op.path, param)!, value]] : [],
    ),
  );
}

/** The case as bytes, and the oracle's verdict on those bytes. */
export function toWire(
  origin: string,
  op: FuzzOperation,
  c: FuzzCase,
  policy: Policy,
  token: string | undefined,
): WireRequest {
  const pathValues = resolvePath(op, c, policy);
  const encoded = Object.fromEntries(Object.entries(pathValues).map(([k, v]) => [k, encodeURIComponent(v)]));
  // A pooled case pages on with a cursor the server handed out (or none): drawn ones are refused.
  const query =
    c.pooled !== null && !c.mutation && 'cursor' in c.query
      ? { ...c.query, cursor: pickCursor(op.id, c.pooled) }
      : c.query;
  const queryPairs = wireValues(query);
  const search = new URLSearchParams(queryPairs).toString();
  const url = `${origin}${op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encoded[name] ?? '')}${search ? `?${search}` : ''}`;
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  let body: string | undefined;
  if (op.body && c.body.kind !== 'absent') {
    headers['Content-Type'] = op.body.contentType;
    const drawn = c.body.kind === 'value' ? c.body.value : undefined;
    // A pooled valid case names pooled objects in its body too (a course_id that exists).
    const value =
      c.pooled !== null && !c.mutation && policy.pathIds !== 'random'
        ? linkReferences(drawn, c.pooled, policy.pathIds === 'own', contextOf(op, pathValues))
        : drawn;
    const fields =
      value && typeof value === 'object' && !Array.isArray(value)
        ? wireValues(value as Record<string, unknown>)
        : undefined;
    if (c.body.kind === 'raw') body = c.body.text;
    else if (op.body.contentType !== 'application/x-www-form-urlencoded') body = JSON.stringify(value);
    else body = fields ? new URLSearchParams(fields).toString() : segmentOf(value);
  }
  const bodyForOracle = body === undefined ? undefined : parsedBody(op.body!.contentType, body, op.body!.schema);
  // The server matches path parameters undecoded (openapi-backend), so the oracle sees them so too.
  const problems = [
    ...schemaErrors(paramsSchema(byLocation(op, 'path'), `${op.id} path`), encoded, { coerce: true }),
    ...schemaErrors(paramsSchema(byLocation(op, 'query'), `${op.id} query`), parsedLikeServer(queryPairs), {
      coerce: true,
    }),
    ...(op.body && body === undefined && op.body.required
      ? [{ instancePath: '/body', message: 'required body missing' }]
      : []),
    ...(bodyForOracle === UNPARSEABLE ? [{ instancePath: '/body', message: 'does not parse' }] : []),
    ...(op.body && body !== undefined && bodyForOracle !== UNPARSEABLE
      ? schemaErrors(op.body.schema, bodyForOracle)
      : []),
  ];
  const valid = problems.length === 0;
  return {
    method: op.method.toUpperCase(),
    url,
    pathValues,
    headers,
    body,
    valid,
    problems: problems.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; '),
  };
}
