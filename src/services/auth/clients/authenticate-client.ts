// Client authentication at the token, revocation and introspection endpoints (RFC 6749 2.3).
// Public clients send only client_id (`none`); confidential ones send their secret in the body
// (`client_secret_post`) or in HTTP Basic (`client_secret_basic`, which RFC 6749 2.3.1 requires
// servers to accept). Any failure is `invalid_client` with 401 (RFC 6749 5.2).
import type { Db } from '../../../db/database.ts';
import { findClientForSite, type ClientRow } from '../../../db/repositories/oauth-clients.ts';
import { secretMatchesHash } from '../../../lib/secrets.ts';
import { InvalidClient, InvalidRequest } from '../errors.ts';
import { toClient, type Client } from './client.ts';
import { throttleClientAuthentication, type ClientAuthThrottle } from './client-auth-throttle.ts';

export type ClientCredentials = {
  clientId: string;
  secret: string | undefined;
  method: 'none' | 'client_secret_post' | 'client_secret_basic';
};

/** RFC 6749 2.3.1: Basic credentials are form-urlencoded before base64. */
function parseBasic(header: string): { clientId: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    return undefined;
  }
}

export function readClientCredentials(
  authorization: string | undefined,
  body: { client_id?: string; client_secret?: string },
): ClientCredentials {
  if (authorization && /^basic /i.test(authorization)) {
    const basic = parseBasic(authorization);
    if (!basic) throw new InvalidClient('The Authorization header is not valid HTTP Basic credentials.');
    // RFC 6749 2.3: a client must not use more than one authentication method per request.
    if (body.client_secret !== undefined)
      throw new InvalidRequest('Send the client secret in one place only: HTTP Basic or the body.');
    if (body.client_id !== undefined && body.client_id !== basic.clientId)
      throw new InvalidRequest('client_id in the body differs from HTTP Basic.');
    return { clientId: basic.clientId, secret: basic.secret, method: 'client_secret_basic' };
  }
  if (!body.client_id)
    throw new InvalidClient(
      'Client authentication is required: send client_id (and the secret of a confidential client).',
    );
  if (body.client_secret !== undefined)
    return { clientId: body.client_id, secret: body.client_secret, method: 'client_secret_post' };
  return { clientId: body.client_id, secret: undefined, method: 'none' };
}

/**
 * Finds the client and checks its credentials. Metadata-document clients are public and known
 * here only once their document was fetched at the authorization step.
 */
export async function authenticateClient(
  db: Db,
  siteId: string,
  credentials: ClientCredentials,
  throttle: ClientAuthThrottle,
): Promise<Client> {
  // /auth.md "Rate limits": failures are counted per client_id and address, and bounded.
  return throttleClientAuthentication(
    throttle,
    siteId,
    credentials.clientId,
    () => findClientForSite(db, siteId, credentials.clientId),
    (row) => checkClient(row, credentials),
  );
}

function checkClient(row: ClientRow | undefined, credentials: ClientCredentials): Client {
  const client = row ? toClient(row) : undefined;
  if (!client || client.reviewStatus === 'blocked') throw new InvalidClient('Client authentication failed.');
  if (client.authMethod === 'none') {
    if (credentials.secret !== undefined) throw new InvalidClient('This is a public client; it has no secret to send.');
    return client;
  }
  if (credentials.secret === undefined || client.secretHash === null)
    throw new InvalidClient('Client authentication failed: this client must authenticate with its secret.');
  if (!secretMatchesHash(credentials.secret, client.secretHash))
    throw new InvalidClient('Client authentication failed.');
  return client;
}
