import { describe, expect, it } from 'vitest';
import { requestDigest } from './request-digest.ts';

describe('requestDigest (OpenAPI createOrder: one external_id, one request)', () => {
  it('is the same for the same fields in another key order, nested too', () => {
    const a = { person_id: 'p', items: [{ item_type: 'course', item_id: 'c' }], external_id: 'X' };
    const b = { external_id: 'X', items: [{ item_id: 'c', item_type: 'course' }], person_id: 'p' };
    expect(requestDigest(a)).toBe(requestDigest(b));
  });

  it('differs when any value, the items or their order differ', () => {
    const base = { person_id: 'p', items: [{ item_id: 'c' }, { item_id: 'd' }], external_id: 'X' };
    const digests = [
      base,
      { ...base, person_id: 'q' },
      { ...base, items: [{ item_id: 'd' }, { item_id: 'c' }] },
      { ...base, items: [{ item_id: 'c' }] },
      { ...base, tax_amount: 0 },
    ].map(requestDigest);
    expect(new Set(digests).size).toBe(digests.length);
  });
});
