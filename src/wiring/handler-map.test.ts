// DESIGN habit 1: every operation of the spec has a handler and every handler an operation.
import { describe, expect, it } from 'vitest';
import { operationIds } from '../../generated/openapi/operations.ts';
import { handlers } from './handler-map.ts';

describe('handler map (DESIGN habit 1: every operation has a handler and every handler an operation)', () => {
  it('has a handler for every operation of the spec', () => {
    const missing = operationIds.filter((id) => typeof (handlers as Record<string, unknown>)[id] !== 'function');
    expect(missing).toEqual([]);
  });

  it('has no handler without an operation', () => {
    const known = new Set<string>(operationIds);
    expect(Object.keys(handlers).filter((name) => !known.has(name))).toEqual([]);
  });
});
