// OpenAPI document, "Secrets": a response property marked `x-secret: true` carries a secret, and every
// response whose schema holds one is answered `Cache-Control: no-store` (RFC 9111 5.2.2.5). The mark
// is read here, from the document, once; openapi-dispatch.ts sets the header from what this finds.

/** The mark on a schema property that carries a secret. */
export const SECRET_MARK = 'x-secret';

type Node = Record<string, unknown>;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `operationId status` of every documented response whose schema holds a secret-marked property. */
export function secretBearingResponses(document: unknown): Set<string> {
  const root = document as Node;
  const found = new Set<string>();
  for (const pathItem of Object.values((root.paths ?? {}) as Record<string, Node>)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method] as Node | undefined;
      if (typeof operation?.operationId !== 'string') continue;
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, unknown>)) {
        const content = (resolve(root, response)?.content ?? {}) as Record<string, Node>;
        if (Object.values(content).some((media) => holdsSecret(root, media.schema, new Set())))
          found.add(`${operation.operationId} ${status}`);
      }
    }
  }
  return found;
}

/** Whether a schema, or any schema it is made of (properties, items, allOf/oneOf/anyOf, $ref), is secret. */
function holdsSecret(root: Node, schema: unknown, seen: Set<unknown>): boolean {
  const node = resolve(root, schema);
  if (!node || seen.has(node)) return false;
  seen.add(node);
  if (node[SECRET_MARK] === true) return true;
  const parts = [
    ...Object.values((node.properties ?? {}) as Record<string, unknown>),
    node.items,
    node.additionalProperties,
    ...(['allOf', 'oneOf', 'anyOf'] as const).flatMap((key) => (node[key] ?? []) as unknown[]),
  ];
  return parts.some((part) => holdsSecret(root, part, seen));
}

/** A local `$ref` (`#/components/...`) followed to what it names; other values as they are. */
function resolve(root: Node, value: unknown): Node | undefined {
  let node = value as Node | undefined;
  for (let hops = 0; typeof node?.$ref === 'string' && hops < 20; hops++) {
    const ref = node.$ref;
    if (!ref.startsWith('#/')) return undefined;
    node = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, key) => (at as Node | undefined)?.[key], root) as Node | undefined;
  }
  return typeof node === 'object' && node !== null ? node : undefined;
}
