// Every next_cursor a list hands out is one its own `cursor` parameter accepts (fuzz finding
// cursorTooLong): the cursor carries the last row's sort key, so the longest key the spec lets a
// client write, in the characters that cost most once encoded, must still fit the parameter.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { CursorCodec, type KeyKind } from '../db/pagination/cursor.ts';
import { listWindow, pageOf } from './list-window.ts';

const cursors = new CursorCodec();

type Schema = Record<string, unknown>;
const document = JSON.parse(readFileSync(new URL('../../generated/openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<
    string,
    Record<string, { operationId?: string; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components: { parameters: Record<string, { schema: Schema }> };
};
const CURSOR_MAX = document.components.parameters.Cursor!.schema.maxLength as number;

function resolve(schema: Schema): Schema {
  return typeof schema.$ref === 'string'
    ? resolve(
        schema.$ref
          .split('/')
          .slice(1)
          .reduce<Schema>(
            (node, key) => node[key.replaceAll('~1', '/').replaceAll('~0', '~')] as Schema,
            document as unknown as Schema,
          ),
      )
    : schema;
}

/** The longest value the body of an operation may give a field. */
function maxLengthIn(operationId: string, field: string): number {
  const op = Object.values(document.paths)
    .flatMap((item) => Object.values(item))
    .find((o) => o.operationId === operationId);
  const schema = resolve(op!.requestBody!.content['application/json']!.schema);
  return resolve((schema.properties as Record<string, Schema>)[field]!).maxLength as number;
}

/** Where the text sort keys of the lists come from: titles, names, e-mail addresses, coupon codes. */
const TEXT_SORT_KEYS = [
  ...[
    'createCourse',
    'updateCourse',
    'createEvent',
    'updateEvent',
    'createPage',
    'updatePage',
    'createPost',
    'updatePost',
  ].map((op) => ({ op, field: 'title', ascii: false })),
  ...[
    'createDigitalProduct',
    'updateDigitalProduct',
    'createLecturer',
    'updateLecturer',
    'createMembershipPlan',
    'updateMembershipPlan',
  ].map((op) => ({ op, field: 'name', ascii: false })),
  // format email and the coupon code pattern admit ASCII letters, digits and punctuation only.
  ...['inviteStudent', 'inviteMember'].map((op) => ({ op, field: 'email', ascii: true })),
  ...['createCoupon', 'updateCoupon'].map((op) => ({ op, field: 'code', ascii: true })),
];

const id = '0193a0b4-2c8e-7c3a-9d1e-123456789abc';
// The longest list name and sort any list binds its cursors to.
const binding = { list: 'account-event-registrations', sort: '-completion_percent' };
const windowOf = (kind: KeyKind) =>
  listWindow(cursors, binding.list, { limit: 1, sort: binding.sort }, { completion_percent: kind }, binding.sort);
const nextCursorAfter = (v: string | number, kind: KeyKind = 'text') =>
  pageOf(
    [{ id }, { id }],
    windowOf(kind),
    () => v,
    (row) => row,
  ).next_cursor!;

describe('keyset cursors fit the cursor parameter (spec: Cursor maxLength)', () => {
  it.each(TEXT_SORT_KEYS)('after the longest $field of $op, in its costliest characters', ({ op, field, ascii }) => {
    const length = maxLengthIn(op, field);
    // A control character is a 6-byte \u escape in JSON; one outside the BMP 4 bytes of UTF-8.
    const worst = ascii ? ['x'.repeat(length)] : ['\u0001'.repeat(length), '\u{1F600}'.repeat(length)];
    for (const value of worst) {
      const cursor = nextCursorAfter(value);
      expect(cursor.length).toBeLessThanOrEqual(CURSOR_MAX);
      expect(cursors.decode(cursor, binding, 'text')).toEqual({ v: value, id });
    }
  });

  it('after a time or number key', () => {
    expect(nextCursorAfter(-Number.MAX_SAFE_INTEGER, 'number').length).toBeLessThanOrEqual(CURSOR_MAX);
    expect(nextCursorAfter('2026-11-22T10:00:00.123456Z', 'time').length).toBeLessThanOrEqual(CURSOR_MAX);
  });
});
