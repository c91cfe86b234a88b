// What a client sees of each kind of error (DESIGN habit 6): codes on everything, and nothing of
// an unexpected failure but a generic message.
import { graphql, GraphQLError, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { AccountInputError } from '../services/account.ts';
import { labelExecutionError, toPublicError } from './errors.ts';
import { buildAccountSchema } from './schema.ts';

const schema = buildAccountSchema();
const located = (original: Error) => new GraphQLError(original.message, { path: ['viewer'], originalError: original });

describe('toPublicError', () => {
  it('turns AccountInputError into BAD_USER_INPUT with reason and field', () => {
    const error = toPublicError(located(new AccountInputError('NOT_FOUND', 'No lecture with this id.', 'lectureId')));
    expect(error.toJSON()).toMatchObject({ message: 'No lecture with this id.', path: ['viewer'], extensions: { code: 'BAD_USER_INPUT', reason: 'NOT_FOUND', field: 'lectureId' } });
  });

  it('masks an unexpected error: generic message, no stack, no SQL', () => {
    const json = JSON.stringify(toPublicError(located(new Error('relation "enrollments" does not exist: select * from enrollments'))));
    expect(JSON.parse(json)).toEqual({ message: 'Internal server error.', path: ['viewer'], extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  });

  it('keeps the code a resolver chose (FORBIDDEN, NOT_FOUND)', () => {
    const forbidden = new GraphQLError('needs account:write', { extensions: { code: 'FORBIDDEN' } });
    expect(toPublicError(new GraphQLError(forbidden.message, { originalError: forbidden })).extensions.code).toBe('FORBIDDEN');
  });

  it('labels syntax and validation errors, and request errors of graphql-http', async () => {
    const syntax = await graphql({ schema, source: '{ viewer {' });
    expect(toPublicError(syntax.errors![0]!).extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const [invalid] = validate(schema, parse('{ viewer { nope } }'));
    expect(toPublicError(invalid!).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(toPublicError(new Error('Missing query')).toJSON()).toEqual({ message: 'Missing query', extensions: { code: 'BAD_REQUEST' } });
  });

  it('labels variables that do not coerce as BAD_USER_INPUT', async () => {
    const result = await graphql({ schema, source: 'query($n: Int) { viewer { id } }', variableValues: { n: 'many' } });
    expect(labelExecutionError(result.errors![0]!).extensions.code).toBe('BAD_USER_INPUT');
  });
});
