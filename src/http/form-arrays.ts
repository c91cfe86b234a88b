// OpenAPI 3.0 Encoding Object: a field of an application/x-www-form-urlencoded body whose schema is
// an array is sent in style `form`, exploded: the field repeated, once per item (RFC 8707 2's
// repeated `resource`). An array of one item is thus the field sent once, which express.urlencoded
// reads as a plain string; this turns that string back into the one-item array the schema
// describes, before validation, so `resource=<uri>` and `resource=<a>&resource=<b>` both match it.
type SchemaLike = { $ref?: string; type?: string; properties?: Record<string, SchemaLike> };
type MediaLike = { schema?: SchemaLike };
type RequestBodyLike = { $ref?: string; content?: Record<string, MediaLike> };
type OperationLike = { operationId?: string; requestBody?: RequestBodyLike };
export type DocumentLike = { paths?: Record<string, Record<string, unknown>> };

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** A local reference (`#/components/schemas/TokenRequest`) resolved in the document; refs chain. */
function resolve<T extends { $ref?: string }>(document: DocumentLike, value: T | undefined): T | undefined {
  let current: unknown = value;
  for (let hops = 0; hops < 20 && current && typeof current === 'object' && '$ref' in current; hops++) {
    const ref = (current as { $ref: string }).$ref;
    if (!ref.startsWith('#/')) return undefined;
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
  }
  return current as T | undefined;
}

/** operationId → the names of the array fields of its form body; operations without any are left out. */
export function formArrayFields(document: DocumentLike): Map<string, ReadonlySet<string>> {
  const fields = new Map<string, ReadonlySet<string>>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const candidate of Object.values(item)) {
      const operation = candidate as OperationLike;
      if (typeof operation !== 'object' || !operation.operationId) continue;
      const body = resolve(document, operation.requestBody);
      const schema = resolve(document, body?.content?.[FORM_MEDIA_TYPE]?.schema);
      const names = Object.entries(schema?.properties ?? {})
        .filter(([, property]) => resolve(document, property)?.type === 'array')
        .map(([name]) => name);
      if (names.length) fields.set(operation.operationId, new Set(names));
    }
  }
  return fields;
}

/** The parsed form body with each array field sent once as the one-item array it stands for. */
export function withFormArrays(body: unknown, arrayFields: ReadonlySet<string> | undefined): unknown {
  if (!arrayFields || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const singles = [...arrayFields].filter((name) => typeof record[name] === 'string');
  if (!singles.length) return body;
  return { ...record, ...Object.fromEntries(singles.map((name) => [name, [record[name]]])) };
}
