// `npm run lint:spec` (CI): validates the OpenAPI document against the OpenAPI 3.0 schema with
// @apidevtools/swagger-parser, after resolving every $ref across the split files.
import SwaggerParser from '@apidevtools/swagger-parser';

const api = await SwaggerParser.validate('spec/openapi/openapi.yaml');
const operations = Object.values((api.paths ?? {}) as Record<string, object | undefined>).flatMap((item) =>
  Object.keys(item ?? {}).filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k)),
);
console.log(
  `spec/openapi/openapi.yaml is valid OpenAPI ${(api as { openapi?: string }).openapi}: ${operations.length} operations.`,
);
