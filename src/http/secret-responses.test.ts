// OpenAPI document, "Secrets": the mark is found wherever a response schema may hold it.
import { describe, expect, it } from 'vitest';
import { secretBearingResponses } from './secret-responses.ts';

const secret = { type: 'string', 'x-secret': true };
const plain = { type: 'string' };

function documentAnswering(schema: unknown) {
  return {
    paths: {
      '/things': {
        post: {
          operationId: 'makeThing',
          responses: {
            '201': { content: { 'application/json': { schema } } },
            '400': { $ref: '#/components/responses/Problem' },
          },
        },
      },
    },
    components: {
      responses: {
        Problem: { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/P' } } } },
      },
      schemas: {
        P: { type: 'object', properties: { title: plain } },
        Secret: { type: 'object', properties: { key: secret } },
        // A schema that refers to itself is walked once.
        Tree: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
        },
      },
    },
  };
}

describe('secret-bearing responses (OpenAPI "Secrets")', () => {
  it.each([
    ['a property', { type: 'object', properties: { key: secret } }],
    ['a property behind $ref', { $ref: '#/components/schemas/Secret' }],
    [
      'a part of allOf',
      { allOf: [{ type: 'object', properties: { a: plain } }, { $ref: '#/components/schemas/Secret' }] },
    ],
    ['an alternative of oneOf', { oneOf: [plain, { $ref: '#/components/schemas/Secret' }] }],
    [
      'an item of a list',
      { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Secret' } } } },
    ],
    ['a map value', { type: 'object', additionalProperties: { $ref: '#/components/schemas/Secret' } }],
  ])('finds the mark on %s, for that status only', (_where, schema) => {
    expect([...secretBearingResponses(documentAnswering(schema))]).toEqual(['makeThing 201']);
  });

  it('finds nothing where nothing is marked, also in a schema that refers to itself', () => {
    expect(secretBearingResponses(documentAnswering({ $ref: '#/components/schemas/Tree' })).size).toBe(0);
    expect(secretBearingResponses(documentAnswering({ type: 'object', properties: { a: plain } })).size).toBe(0);
  });
});
