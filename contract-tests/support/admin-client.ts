// The typed admin-API client generated from the OpenAPI document (@hey-api/openapi-ts), set up
// for one school and one token: contract tests arrange and act through it (DESIGN habit 11).
import { createClient, createConfig } from '../../generated/openapi/client/client/index.ts';

export function adminClient(origin: string, token?: string) {
  return createClient(createConfig({ baseUrl: origin, headers: token ? { Authorization: `Bearer ${token}` } : {} }));
}
