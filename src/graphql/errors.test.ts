// What a client sees of each kind of error (DESIGN habit 6): codes on everything, and nothing of
// an unexpected failure but a generic message.
import { graphql, GraphQLError, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { InvalidCursor } from '../db/pagination/cursor.ts';
import { AccountInputError } from '../services/people/own-data.ts';
import { Conflict, Forbidden, NotFound, RuleViolation } from '../services/errors.ts';
import { labelExecutionError, toPublicError } from './errors.ts';
import { buildAccountSchema } from './schema.ts';

const schema = buildAccountSchema();
const located = (original: Error) => new GraphQLError(original.message, { path: ['viewer'], originalError: original });

describe('toPublicError', () => {
  it('turns AccountInputError into BAD_USER_INPUT with reason and field', () => {
    const error = toPublicError(located(new AccountInputError('NOT_FOUND', 'No lecture with this id.', 'lectureId')));
    expect(error.toJSON()).toMatchObject({
      message: 'No lecture with this id.',
      path: ['viewer'],
      extensions: { code: 'BAD_USER_INPUT', reason: 'NOT_FOUND', field: 'lectureId' },
    });
  });

  it('masks an unexpected error: generic message, no stack, no SQL', () => {
    const json = JSON.stringify(
      toPublicError(located(new Error('relation "enrollments" does not exist: select * from enrollments'))),
    );
    expect(JSON.parse(json)).toEqual({
      message: 'Internal server error.',
      path: ['viewer'],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });

  it('keeps the code a resolver chose (FORBIDDEN, NOT_FOUND)', () => {
    const forbidden = new GraphQLError('needs account:write', { extensions: { code: 'FORBIDDEN' } });
    expect(toPublicError(new GraphQLError(forbidden.message, { originalError: forbidden })).extensions.code).toBe(
      'FORBIDDEN',
    );
  });

  it('labels syntax and validation errors, and request errors of graphql-http', async () => {
    const syntax = await graphql({ schema, source: '{ viewer {' });
    expect(toPublicError(syntax.errors![0]!).extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const [invalid] = validate(schema, parse('{ viewer { nope } }'));
    expect(toPublicError(invalid!).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(toPublicError(new Error('Missing query')).toJSON()).toEqual({
      message: 'Missing query',
      extensions: { code: 'BAD_REQUEST' },
    });
  });

  it('labels variables that do not coerce as BAD_USER_INPUT', async () => {
    const result = await graphql({ schema, source: 'query($n: Int) { viewer { id } }', variableValues: { n: 'many' } });
    expect(labelExecutionError(result.errors![0]!).extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('toPublicError for service refusals (GraphQL spec "Errors": extensions.code; SDL "Errors")', () => {
  it('not found is NOT_FOUND with the service sentence and the field path', () => {
    expect(toPublicError(located(new NotFound('No event with this id.'))).toJSON()).toEqual({
      message: 'No event with this id.',
      path: ['viewer'],
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('a forbidden change is FORBIDDEN', () => {
    expect(toPublicError(located(new Forbidden('owner-required', 'Only an owner may.'))).extensions.code).toBe(
      'FORBIDDEN',
    );
  });

  it('a rule violation or conflict is BAD_USER_INPUT naming the field at fault', () => {
    expect(toPublicError(located(RuleViolation.at('/body/eventId', 'is full'))).toJSON()).toEqual({
      message: 'is full',
      path: ['viewer'],
      extensions: { code: 'BAD_USER_INPUT', field: 'eventId' },
    });
    expect(toPublicError(located(new Conflict('This event is full.'))).extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });

  it('a cursor this API did not issue is BAD_USER_INPUT naming `after`', () => {
    expect(toPublicError(located(new InvalidCursor('forged'))).toJSON()).toEqual({
      message: 'after is not a cursor this API issued.',
      path: ['viewer'],
      extensions: { code: 'BAD_USER_INPUT', field: 'after' },
    });
  });
});
