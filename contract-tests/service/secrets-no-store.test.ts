// OpenAPI document, "Secrets": every response whose schema carries an `x-secret` property answers
// `Cache-Control: no-store` (RFC 9111 5.2.2.5; RFC 6749 5.1 for tokens). The operations are read from the
// school's own /openapi.json, and each is driven for a real answer: a new secret-bearing response
// fails here until it is driven (or listed below with its reason).
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { secretBearingResponses } from '../../src/http/secret-responses.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { authorizeInBrowser, discover, insecure, registerLoopbackClient } from '../support/oauth-flow.ts';
import { operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:8765/callback';

/** Secret-bearing responses no black-box request can provoke, each with its reason. None today. */
const NOT_DRIVABLE: Record<string, string> = {};

/** The answer's status and headers (the generated client has read its body already). */
type Driver = (client: ReturnType<typeof adminClient>) => Promise<Pick<Response, 'status' | 'headers'>>;

/** One real request per secret-bearing response, keyed `operationId status` as secretBearingResponses names them. */
const DRIVERS: Record<string, Driver> = {
  'token 200': async () => {
    const as = await discover(origin);
    const client = await registerLoopbackClient(as);
    const outcome = await authorizeInBrowser(as, {
      clientId: client.client_id,
      redirectUri,
      scope: 'courses:read',
      email: ACCOUNTS.owner,
    });
    const params = oauth.validateAuthResponse(as, client, outcome.callback, outcome.state);
    return oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, outcome.codeVerifier, {
      ...insecure,
    });
  },
  'registerClient 201': async () =>
    fetch(`${origin}/api/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        client_name: 'No-store check',
      }),
    }),
  'createWebhookEndpoint 201': async (client) => (await createEndpoint(client)).response,
  'rotateWebhookSecret 200': async (client) => {
    const endpoint = (await createEndpoint(client)).data!;
    return (await sdk.rotateWebhookSecret({ client, path: { webhook_id: endpoint.id } })).response;
  },
};

function createEndpoint(client: ReturnType<typeof adminClient>) {
  return sdk.createWebhookEndpoint({
    client,
    body: { url: 'https://hooks.no-store.invalid/hook', event_types: ['course.published'] },
  });
}

describe('secrets are never stored by a cache (OpenAPI "Secrets"; RFC 9111 5.2.2.5)', () => {
  let secretResponses: string[];
  let client: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    const document = (await (await fetch(`${origin}/openapi.json`)).json()) as unknown;
    secretResponses = [...secretBearingResponses(document)].sort();
    client = adminClient(
      origin,
      // courses:read: an endpoint for course.published needs the scope that reads courses (/webhooks.md "Who may receive what").
      await operatorToken(origin, 'courses:read students:write members:write webhooks:read webhooks:write'),
    );
  }, 60_000);

  it('every response of /openapi.json whose schema holds an x-secret property is driven here or listed with its reason', () => {
    expect(secretResponses.length).toBeGreaterThan(0);
    expect(secretResponses).toEqual([...Object.keys(DRIVERS), ...Object.keys(NOT_DRIVABLE)].sort());
  });

  it.each(Object.keys(DRIVERS))('%s answers Cache-Control: no-store (OpenAPI "Secrets")', async (key) => {
    const response = await DRIVERS[key]!(client);
    const status = Number(key.split(' ')[1]);
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control') ?? '').toMatch(/(^|,\s*)no-store(\s*,|$)/);
  });
});
