// The examples of the served OpenAPI document (OpenAPI 3.0.3 4.7.10 Media Type Object `example` and
// `examples`, 4.7.12 Parameter Object, 4.7.20 Example Object `value`, 4.7.24 Schema Object
// `example`) are what client generators, mock servers and the rendered reference show as the
// truth: every request body and every 2xx response has one, and each matches its schema.
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleOpenApi } from './lib/bundle-openapi.ts';
import { describeExampleErrors, exampleErrors, examplesOf, type FoundExample } from './lib/openapi-examples.ts';

type Json = Record<string, unknown>;
let document: Json;
let found: { examples: FoundExample[]; missing: string[] };

beforeAll(async () => {
  document = await bundleOpenApi('spec/openapi/openapi.yaml');
  found = examplesOf(document);
});

describe('examples of the bundled OpenAPI document', () => {
  it('every request body and every 2xx response, in each media type, has an `example` or `examples` (OpenAPI 3.0.3 Media Type Object)', () => {
    expect(found.missing).toEqual([]);
  });

  it('every example matches its schema under OpenAPI 3.0 semantics, naming no property the schema does not (Redocly no-invalid-media-type-examples, no-invalid-parameter-examples, no-invalid-schema-examples)', () => {
    const failures = found.examples.flatMap((example) =>
      describeExampleErrors(example.pointer, exampleErrors(document, example.schema, example.value, example.direction)),
    );
    expect(failures).toEqual([]);
    expect(found.examples.length).toBeGreaterThanOrEqual(189); // none dropped unnoticed by the walk
  });

  it('refuses an example whose YAML flow style split its text at an unquoted comma into a property of its own', () => {
    const schema = { $ref: '#/components/schemas/OAuthError' };
    const broken: unknown = parse(
      '{ error: invalid_grant, error_description: The authorization code is invalid, expired or already used. }',
    );
    const quoted: unknown = parse(
      "{ error: invalid_grant, error_description: 'The authorization code is invalid, expired or already used.' }",
    );
    expect(describeExampleErrors('broken', exampleErrors(document, schema, broken, 'response'))).toEqual([
      'broken: / must NOT have unevaluated properties (expired or already used.)',
    ]);
    expect(exampleErrors(document, schema, quoted, 'response')).toEqual([]);
  });

  it('applies nullable, readOnly and writeOnly as OpenAPI 3.0.3 Schema Object defines them', () => {
    const local: Json = {
      components: {
        schemas: {
          Thing: {
            type: 'object',
            required: ['id', 'secret', 'note'],
            properties: {
              id: { type: 'string', readOnly: true },
              secret: { type: 'string', writeOnly: true },
              note: { type: 'string', nullable: true, enum: ['a'] },
            },
          },
        },
      },
    };
    const schema = { $ref: '#/components/schemas/Thing' };
    expect(exampleErrors(local, schema, { id: 'x', note: null }, 'response')).toEqual([]);
    expect(exampleErrors(local, schema, { secret: 's', note: 'a' }, 'request')).toEqual([]);
    expect(exampleErrors(local, schema, { id: 'x', secret: 's', note: 'a' }, 'request')).not.toEqual([]);
    expect(exampleErrors(local, schema, { id: 'x', secret: 's', note: 'a' }, 'response')).not.toEqual([]);
    expect(exampleErrors(local, schema, { secret: 's', note: 'b' }, 'request')).not.toEqual([]);
  });
});
