// What the model reads when a tool is refused (MCP 2025-11-25 Tools, "Error Handling": errors the
// model can act on are results with isError: true, not protocol errors), built from the kind of
// refusal; nothing of an unexpected failure leaks.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { InvalidCursor } from '../db/pagination/cursor.ts';
import {
  Conflict,
  Forbidden,
  InvalidInput,
  NotFound,
  RuleViolation,
  UnsupportedFileType,
  UploadTooLarge,
} from '../services/errors.ts';
import { toolErrorFrom } from './tool-errors.ts';

const log = pino({ level: 'silent' });
const textOf = (error: unknown) => {
  const result = toolErrorFrom(error, log, 'get_course');
  expect(result.isError).toBe(true);
  return (result.content[0] as { text: string }).text;
};

describe('toolErrorFrom (MCP Tools "Error Handling": tool execution errors are isError results)', () => {
  it('docs/operations.md "Behind a load balancer": a lost database connection reads as a passing condition to wait out, naming no driver detail', () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(textOf(lost)).toBe('The tool get_course could not reach the database; try again in 5 seconds.');
    expect(textOf(new Error('Connection terminated unexpectedly'))).toContain('could not reach the database');
  });

  it('names the REST answer an operation tool stands for, the sentence, and the fields as argument paths', () => {
    expect(textOf(new NotFound('No course with that id at this school.'))).toBe(
      'Not Found (404): No course with that id at this school.',
    );
    expect(
      textOf(
        new Conflict('A course with this slug already exists.', [
          { pointer: '/body/slug', detail: 'is already taken' },
        ]),
      ),
    ).toBe('Conflict (409): A course with this slug already exists. [body.slug: is already taken]');
    expect(textOf(RuleViolation.at('/body/ends_at', 'must not be before starts_at'))).toBe(
      'Unprocessable Content (422): must not be before starts_at [body.ends_at: must not be before starts_at]',
    );
    expect(textOf(new InvalidInput([{ pointer: '/body/file', detail: 'is empty' }]))).toBe(
      'Invalid request (400): /body/file: is empty [body.file: is empty]',
    );
    expect(textOf(new Forbidden('owner-required', 'Only an owner may.'))).toBe('Forbidden (403): Only an owner may.');
    expect(textOf(new UploadTooLarge(10))).toBe('Content Too Large (413): Files may be at most 10 bytes.');
    expect(textOf(new UnsupportedFileType('Accepted: PNG.'))).toBe('Unsupported Media Type (415): Accepted: PNG.');
  });

  it('a cursor this server did not issue names the cursor argument', () => {
    expect(textOf(new InvalidCursor('forged'))).toBe('cursor: not a cursor this server issued; start again without it');
  });

  it('an unexpected failure is a fixed sentence: no message, SQL or stack', () => {
    const text = textOf(new Error('relation "secret_table" does not exist'));
    expect(text).toBe('The tool get_course failed unexpectedly; the error has been logged. Try again later.');
  });
});
