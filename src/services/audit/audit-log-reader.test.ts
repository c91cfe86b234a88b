// docs/operations.md "Audit log": the page's filters as SQL bounds, days in the school's time zone
// with "To" included, and a clear refusal of what cannot be read (never a query that fails).
import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../errors.ts';
import { auditFilterOfQuery, auditQueryOf } from './audit-log-reader.ts';

const filter = (query: Record<string, unknown>) => auditFilterOfQuery(query);

function pointers(query: Record<string, unknown>): string[] {
  try {
    auditQueryOf(filter(query), 'Europe/Berlin');
  } catch (error) {
    if (error instanceof InvalidInput) return (error.errors ?? []).map((e) => e.pointer);
    throw error;
  }
  return [];
}

describe('audit log filters (docs/operations.md "Audit log")', () => {
  it('reads days in the school\'s time zone, "to" included, and the actor in lower case', () => {
    const query = auditQueryOf(
      filter({ actor: ' Olivia@Demo ', action: 'grant.revoked', from: '2026-12-01', to: '2026-12-01' }),
      'Europe/Berlin',
    );
    expect(query).toEqual({
      actor: 'olivia@demo',
      action: 'grant.revoked',
      since: new Date('2026-11-30T23:00:00Z'),
      until: new Date('2026-12-01T23:00:00Z'),
    });
    expect(auditQueryOf(filter({}), 'UTC')).toEqual({
      actor: undefined,
      action: undefined,
      since: undefined,
      until: undefined,
    });
  });

  it('refuses an unknown action, a day that is no date and "to" before "from", each by its field', () => {
    expect(pointers({ action: 'course.teleported' })).toEqual(['/query/action']);
    expect(pointers({ from: '2026-02-30' })).toEqual(['/query/from']);
    expect(pointers({ to: 'yesterday' })).toEqual(['/query/to']);
    expect(pointers({ from: '2026-03-02', to: '2026-03-01' })).toEqual(['/query/to']);
    expect(pointers({ from: '2026-03-01', to: '2026-03-01' })).toEqual([]);
  });

  it("takes text only, cut to its field's length (a repeated parameter is no filter)", () => {
    expect(filter({ actor: ['a', 'b'], action: 'x'.repeat(100), from: 5 })).toEqual({
      actor: '',
      action: 'x'.repeat(64),
      from: '',
      to: '',
    });
  });
});
