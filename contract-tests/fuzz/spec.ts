// The fuzzer's view of the contract: the bundled OpenAPI document with every $ref resolved, cut
// into one plain record per operation (parameters, request body, responses by status). The
// bundle's refs point into other operations (`#/paths/~1api~1v1~1forms/...`), so resolution is a
// generic JSON-Pointer walk, not a lookup in components.
import { readFileSync } from 'node:fs';
import { operations } from '../../generated/openapi/operations.ts';

export type Schema = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  nullable?: boolean;
  additionalProperties?: boolean | Schema;
};

export type Param = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required: boolean; schema: Schema };
export type MediaSchemas = Record<string, Schema | undefined>;
export type ResponseSpec = { content: MediaSchemas | undefined };

export type FuzzOperation = {
  id: string;
  method: string;
  path: string;
  tags: readonly string[];
  scopes: readonly string[];
  secured: boolean;
  params: Param[];
  body: { contentType: string; schema: Schema; required: boolean; example: unknown } | undefined;
  responses: Record<string, ResponseSpec>;
};

type Json = Record<string, unknown>;

const bundlePath = new URL('../../generated/openapi/openapi.json', import.meta.url);
export const document: Json = JSON.parse(readFileSync(bundlePath, 'utf8'));

function pointerTarget(ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local refs are bundled, got ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => {
      if (!node || typeof node !== 'object' || !(key in node)) throw new Error(`dangling $ref ${ref}`);
      return (node as Json)[key];
    }, document);
}

const resolved = new Map<string, unknown>();

/** A copy of `node` with every $ref replaced by its (resolved) target; OAS 3.0 ignores $ref siblings. */
export function deref(node: unknown, stack: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => deref(item, stack));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string') {
    if (stack.includes(ref)) throw new Error(`recursive $ref ${ref}: the fuzzer expects a tree`);
    if (!resolved.has(ref)) resolved.set(ref, deref(pointerTarget(ref), [...stack, ref]));
    return resolved.get(ref);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, deref(value, stack)]));
}

function mediaSchemas(content: unknown): MediaSchemas | undefined {
  if (!content || typeof content !== 'object') return undefined;
  return Object.fromEntries(
    Object.entries(content as Json).map(([type, media]) => [type, (media as Json).schema as Schema | undefined]),
  );
}

function operationOf(id: string, meta: (typeof operations)[keyof typeof operations]): FuzzOperation {
  const item = deref((document.paths as Json)[meta.path]) as Json;
  const op = item[meta.method] as Json;
  // Operation-level parameters override path-level ones with the same name and location.
  const params = new Map<string, Param>();
  for (const p of [...((item.parameters as Param[]) ?? []), ...((op.parameters as Param[]) ?? [])])
    params.set(`${p.in}:${p.name}`, { ...p, required: Boolean(p.required) });
  const body = op.requestBody as Json | undefined;
  const bodyMedia = body ? Object.entries(mediaSchemas(body.content) ?? {})[0] : undefined;
  const example = bodyMedia ? ((body!.content as Json)[bodyMedia[0]] as Json).example : undefined;
  const responses = Object.fromEntries(
    Object.entries(op.responses as Json).map(([status, r]) => [status, { content: mediaSchemas((r as Json).content) }]),
  );
  return {
    id,
    method: meta.method,
    path: meta.path,
    tags: meta.tags,
    scopes: meta.scopes,
    secured: !meta.public,
    params: [...params.values()],
    body: bodyMedia
      ? { contentType: bodyMedia[0], schema: bodyMedia[1] ?? {}, required: Boolean(body?.required), example }
      : undefined,
    responses,
  };
}

/** Every operation of the generated list, with its spec resolved. */
export const fuzzOperations: FuzzOperation[] = Object.entries(operations).map(([id, meta]) => operationOf(id, meta));

/** Which error body the operation answers with (DESIGN habit 6): OAuth JSON, HTML pages, or RFC 9457. */
export function errorSurface(op: FuzzOperation): 'oauth' | 'page' | 'problem' {
  if (!op.tags.includes('OAuth')) return 'problem';
  return op.path.startsWith('/oauth/') ? 'page' : 'oauth';
}
