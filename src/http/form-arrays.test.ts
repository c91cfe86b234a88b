// A form field of array type sent once is its one-item array (OpenAPI 3.0 Encoding Object, style
// form, explode), so RFC 8707's `resource` validates sent once or repeated.
import { describe, expect, it } from 'vitest';
import { loadBundledOpenApi } from './openapi-document.ts';
import { formArrayFields, withFormArrays } from './form-arrays.ts';

describe('form array fields (OpenAPI 3.0 Encoding Object: style form, explode)', () => {
  const fields = formArrayFields(loadBundledOpenApi());

  it('finds the array fields of the form bodies of the served document: the token request’s resource (RFC 8707 2)', () => {
    expect(Object.fromEntries([...fields].map(([id, names]) => [id, [...names]]))).toEqual({ token: ['resource'] });
  });

  it('turns a field sent once into its one-item array, keeps a repeated one and leaves every other field', () => {
    const names = new Set(['resource']);
    expect(withFormArrays({ grant_type: 'refresh_token', resource: 'https://a.test' }, names)).toEqual({
      grant_type: 'refresh_token',
      resource: ['https://a.test'],
    });
    expect(withFormArrays({ resource: ['https://a.test', 'https://a.test/mcp'] }, names)).toEqual({
      resource: ['https://a.test', 'https://a.test/mcp'],
    });
    expect(withFormArrays({ grant_type: 'x' }, names)).toEqual({ grant_type: 'x' });
    expect(withFormArrays({ resource: 'https://a.test' }, undefined)).toEqual({ resource: 'https://a.test' });
    expect(withFormArrays('raw text', names)).toBe('raw text');
  });

  it('follows references to a schema and to a property, as a bundled document writes them', () => {
    const document = {
      paths: { '/t': { post: { operationId: 't', requestBody: { $ref: '#/components/requestBodies/T' } } } },
      components: {
        requestBodies: {
          T: { content: { 'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/T' } } } },
        },
        schemas: {
          T: { type: 'object', properties: { list: { $ref: '#/components/schemas/L' }, one: { type: 'string' } } },
          L: { type: 'array', items: { type: 'string' } },
        },
      },
    };
    expect([...(formArrayFields(document).get('t') ?? [])]).toEqual(['list']);
  });
});
