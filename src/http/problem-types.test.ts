import { describe, expect, it } from 'vitest';
import { loadBundledOpenApi } from './openapi-document.ts';
import { PROBLEM_TYPE_NAMES, PROBLEM_TYPES } from './problem-types.ts';
import { ProblemError } from './problem.ts';

describe('problem types (docs/development.md "Problem types"; RFC 9457 3.1.1)', () => {
  it('the spec lists exactly the problem types the code can emit (ProblemTypeName)', () => {
    const document = loadBundledOpenApi() as { components: { schemas: Record<string, { enum?: string[] }> } };
    expect([...(document.components.schemas.ProblemTypeName?.enum ?? [])].sort()).toEqual(
      [...PROBLEM_TYPE_NAMES].sort(),
    );
  });

  it("a typed problem names its page on the answering school's origin; an untyped one is about:blank", () => {
    const typed = new ProblemError({ status: 409, type: 'conflict', title: 'Conflict', detail: 'taken' });
    expect(typed.toJSON('https://school.example')).toMatchObject({
      type: 'https://school.example/problems/conflict',
      status: 409,
    });
    expect(
      new ProblemError({ status: 404, title: 'Not Found', detail: 'gone' }).toJSON('https://school.example').type,
    ).toBe('about:blank');
  });

  it('each type documents the status it comes with', () => {
    for (const name of PROBLEM_TYPE_NAMES) expect(PROBLEM_TYPES[name].status).toBeGreaterThanOrEqual(400);
  });
});
