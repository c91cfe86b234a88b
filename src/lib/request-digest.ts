// A digest of a request body that does not depend on the order of its object keys, so that a retry
// sending the same fields in another order is recognised as the same request (as an idempotency
// key's parameters are compared). Arrays keep their order: it is part of what was asked.
import { createHash } from 'node:crypto';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

/** SHA-256 (hex) of the body's canonical JSON. */
export function requestDigest(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}
