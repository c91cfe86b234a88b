// Contract tests drive every admin operation at least once through the
// generated client with valid input, and each response is checked against the spec. This file
// runs after the contract project (vitest.config.ts: groupOrder 1) and reads the operation log the
// generated client wrote (support/operation-log.ts). The server under test validates its own
// responses against the document outside production (src/http/openapi-dispatch.ts), so a 2xx
// recorded here is an answer that matched the spec.
import { describe, expect, it } from 'vitest';
import { readOperationLog, specOperations } from './support/operation-log.ts';

const adminOperations = specOperations().filter((op) => op.path.startsWith('/api/v1/'));
const calls = readOperationLog();

describe('every admin operation is driven through the generated client (DESIGN habit 11)', () => {
  it('the contract run wrote its operation log', () => {
    expect(calls.size).toBeGreaterThan(0);
  });

  it.each(adminOperations.map((op) => [op.operationId, op.method, op.path] as const))(
    '%s (%s %s) was answered 2xx at least once',
    (operationId) => {
      const statuses = [...(calls.get(operationId) ?? [])].sort();
      expect(
        statuses.some((status) => status >= 200 && status < 300),
        `statuses seen: ${statuses.join(', ') || 'none'}`,
      ).toBe(true);
    },
  );
});
