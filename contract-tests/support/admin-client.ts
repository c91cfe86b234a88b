// The typed admin-API client generated from the OpenAPI document (@hey-api/openapi-ts), set up
// for one school and one token: contract tests arrange and act through it (DESIGN habit 11).
// Every answered call is written to the operation log (support/operation-log.ts), from which
// contract-tests/operation-coverage.test.ts proves that each admin operation was driven.
import { createClient, createConfig } from '../../generated/openapi/client/client/index.ts';
import { recordOperationCall } from './operation-log.ts';

export function adminClient(origin: string, token?: string) {
  const client = createClient(
    createConfig({ baseUrl: origin, headers: token ? { Authorization: `Bearer ${token}` } : {} }),
  );
  client.interceptors.response.use((response, _request, options) => {
    recordOperationCall(options.method ?? 'GET', options.url, response.status);
    return response;
  });
  return client;
}
