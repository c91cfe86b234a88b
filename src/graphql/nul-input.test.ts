// U+0000 in any text a member sends (lib/nul-text.ts: the database cannot store it) is
// BAD_USER_INPUT naming the field, found before any resolver runs: in variables at any depth, in
// string literals of arguments, input objects and lists.
import { parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { nulFreeInput } from './nul-input.ts';
import { buildAccountSchema } from './schema.ts';

const schema = buildAccountSchema();
const check = (query: string, variables: Record<string, unknown> = {}) =>
  validate(schema, parse(query), [...specifiedRules, nulFreeInput(variables)]).map((e) => ({
    code: e.extensions.code,
    field: e.extensions.field,
  }));

const RECORD =
  'mutation($input: RecordLectureProgressInput!) { recordLectureProgress(input: $input) { enrolledCourse { id } } }';

describe('text with U+0000 is BAD_USER_INPUT (SDL: input the member can correct)', () => {
  it('names a variable, down to the input field that holds it', () => {
    expect(check(RECORD, { input: { lectureId: 'x\u0000', positionSeconds: 1 } })).toEqual([
      { code: 'BAD_USER_INPUT', field: 'input.lectureId' },
    ]);
    expect(check('mutation($id: ID!) { registerForEvent(eventId: $id) { id } }', { id: '\u0000' })).toEqual([
      { code: 'BAD_USER_INPUT', field: 'id' },
    ]);
  });

  it('names the argument or input field of a string literal', () => {
    expect(check('mutation { registerForEvent(eventId: "a\\u0000b") { id } }')).toEqual([
      { code: 'BAD_USER_INPUT', field: 'eventId' },
    ]);
    expect(
      check(
        'mutation { recordLectureProgress(input: { lectureId: "\\u0000", positionSeconds: 1 }) { enrolledCourse { id } } }',
      ),
    ).toEqual([{ code: 'BAD_USER_INPUT', field: 'lectureId' }]);
  });

  it('lets clean text through, including an escape written out', () => {
    expect(check(RECORD, { input: { lectureId: '\\u0000 as six characters', positionSeconds: 1 } })).toEqual([]);
    expect(check('mutation { registerForEvent(eventId: "0190a3c4-0000-7000-8000-000000000001") { id } }')).toEqual([]);
  });
});
