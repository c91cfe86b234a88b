// Creating and removing the clients that no registration endpoint creates: vendor integrations
// (deployment-wide, managed by `npm run integrations`) and member applications (created by a
// school's operators: `npm run member-apps` and the admin area). One place for the rules.
import { textKey, type TextKey } from '../../../lib/text-key.ts';
import type { Db } from '../../../db/database.ts';
import {
  findSiteClient,
  insertClient,
  insertVendorIntegration,
  updateSiteClient,
} from '../../../db/repositories/oauth-clients.ts';
import { hashSecret, randomSecret, TOKEN_PREFIX } from '../../../lib/secrets.ts';
import { checkDisplayText, DisplayMetadataError } from '../client-metadata/display-metadata.ts';
import { isLoopbackUri, isWellFormedRedirectUri } from '../redirect-uri.ts';
import { MEMBER_SCOPES, OPERATOR_SCOPES, IDENTITY_SCOPES } from '../scopes.ts';
import { toClient, type Client } from './client.ts';
import { checkBackchannelLogoutUri, checkPostLogoutRedirectUris, LogoutMetadataError } from './logout-metadata.ts';

/** A client refused by a rule: `message` is the admin API's English detail; `text` the same rule in the pages' catalogue, when it has one. */
export class ClientRuleError extends Error {
  readonly text: TextKey | undefined;
  constructor(message: string, text?: TextKey) {
    super(message);
    this.text = text;
  }
}

export type NewClient = {
  name: string;
  redirectUris: string[];
  confidential: boolean;
  scopes: string[];
  /** RP-Initiated Logout 1.0 3.1 and Back-Channel Logout 1.0 2.2 (logout-metadata.ts); none when left out. */
  postLogoutRedirectUris?: string[];
  backchannelLogoutUri?: string | null;
};

/** Plain-http back-channel logout URIs only where development addresses are allowed (WEBHOOK_ALLOW_PRIVATE_ADDRESSES). */
export type ClientRuleOptions = { allowHttpBackchannel: boolean };

/** The logout columns of a member application, by the rules of logout-metadata.ts. */
function logoutColumns(
  input: Pick<NewClient, 'postLogoutRedirectUris' | 'backchannelLogoutUri'>,
  options: ClientRuleOptions,
) {
  try {
    return {
      post_logout_redirect_uris: checkPostLogoutRedirectUris(input.postLogoutRedirectUris ?? [], {
        loopbackOnly: false,
      }),
      backchannel_logout_uri: checkBackchannelLogoutUri(input.backchannelLogoutUri ?? null, {
        allowHttp: options.allowHttpBackchannel,
      }),
    };
  } catch (error) {
    if (error instanceof LogoutMetadataError) throw new ClientRuleError(error.message);
    throw error;
  }
}
export type CreatedClient = { client: Client; clientSecret: string | undefined };

function checkRedirectUris(uris: string[]): void {
  if (uris.length === 0)
    throw new ClientRuleError('At least one redirect URI is required.', textKey('adminSafety.rules.redirectRequired'));
  for (const uri of uris) {
    if (!isWellFormedRedirectUri(uri))
      throw new ClientRuleError(
        `${uri} is not an absolute URI without fragment or credentials.`,
        textKey('adminSafety.rules.redirectForm', { uri }),
      );
    // RFC 9700 2.1 / RFC 8252 8.3: plain http only for loopback.
    if (uri.startsWith('http:') && !isLoopbackUri(uri))
      throw new ClientRuleError(
        `${uri} must use https (plain http is for loopback only).`,
        textKey('adminSafety.rules.redirectHttps', { uri }),
      );
  }
}

function checkScopes(scopes: string[], allowed: readonly string[]): void {
  if (scopes.length === 0)
    throw new ClientRuleError('Select at least one scope.', textKey('adminSafety.rules.scopeRequired'));
  for (const scope of scopes)
    if (!allowed.includes(scope))
      throw new ClientRuleError(`The scope ${scope} is not available to this kind of client.`);
}

function newSecret(confidential: boolean): { secret: string | undefined; hash: string | null } {
  const secret = confidential ? randomSecret(TOKEN_PREFIX.clientSecret) : undefined;
  return { secret, hash: secret ? hashSecret(secret) : null };
}

/** A member application of one school (/auth.md "2. Get a client"). */
export async function createMemberApp(
  db: Db,
  siteId: string,
  input: NewClient & { createdBy: string | null },
  options: ClientRuleOptions = { allowHttpBackchannel: false },
): Promise<CreatedClient> {
  const name = checkClientName(input.name);
  checkRedirectUris(input.redirectUris);
  checkScopes(input.scopes, MEMBER_SCOPES);
  const logout = logoutColumns(input, options);
  const { secret, hash } = newSecret(input.confidential);
  const row = await insertClient(db, {
    client_id: `app-${randomSecret('x').slice(2, 22)}`,
    site_id: siteId,
    kind: 'member_app',
    audience: 'member',
    name,
    redirect_uris: input.redirectUris,
    token_endpoint_auth_method: input.confidential ? 'client_secret_post' : 'none',
    client_secret_hash: hash,
    allowed_scopes: input.scopes,
    created_by_person_id: input.createdBy,
    ...logout,
  });
  return { client: toClient(row), clientSecret: secret };
}

/** A vendor integration usable at every school, found at registration by its name. */
export async function createVendorIntegration(db: Db, input: NewClient & { clientId: string }): Promise<CreatedClient> {
  const name = checkClientName(input.name);
  checkRedirectUris(input.redirectUris);
  checkScopes(input.scopes, [...IDENTITY_SCOPES, ...OPERATOR_SCOPES]);
  if (!/^[a-z0-9][a-z0-9._-]{2,63}$/.test(input.clientId))
    throw new ClientRuleError('client_id: 3-64 characters of a-z, 0-9, dot, dash, underscore.');
  const { secret, hash } = newSecret(input.confidential);
  return db.transaction().execute(async (trx) => {
    const row = await insertClient(trx, {
      client_id: input.clientId,
      site_id: null,
      kind: 'vendor',
      audience: 'operator',
      name,
      redirect_uris: input.redirectUris,
      token_endpoint_auth_method: input.confidential ? 'client_secret_basic' : 'none',
      client_secret_hash: hash,
      allowed_scopes: input.scopes,
    });
    await insertVendorIntegration(trx, row.id, name);
    return { client: toClient(row), clientSecret: secret };
  });
}

// --- Changes to a member application after it was created (the admin area's edit and
// "Rotate secret"). The same rules as at creation apply.

export type MemberAppChanges = {
  name: string;
  redirectUris: string[];
  scopes: string[];
  postLogoutRedirectUris?: string[];
  backchannelLogoutUri?: string | null;
};

/**
 * A name a person can recognise on the consent page: required, at most 200 characters, and the
 * same display rule as registered and metadata-document clients (no control,
 * bidirectional or zero-width characters; client-metadata/display-metadata.ts).
 */
export function checkClientName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new ClientRuleError('A name is required.', textKey('adminSafety.rules.nameRequired'));
  if (trimmed.length > 200) throw new ClientRuleError('The name can be at most 200 characters long.');
  try {
    return checkDisplayText(name, 'name');
  } catch (error) {
    if (error instanceof DisplayMetadataError)
      throw new ClientRuleError('The name may not contain control, bidirectional or invisible characters.');
    throw error;
  }
}

async function findMemberApp(db: Db, siteId: string, rowId: string): Promise<Client | undefined> {
  const row = await findSiteClient(db, siteId, rowId);
  return row?.kind === 'member_app' ? toClient(row) : undefined;
}

/** Returns the client before the change (to tell which scopes were removed), or undefined. */
export async function updateMemberApp(
  db: Db,
  siteId: string,
  rowId: string,
  changes: MemberAppChanges,
  options: ClientRuleOptions = { allowHttpBackchannel: false },
): Promise<Client | undefined> {
  const name = checkClientName(changes.name);
  checkRedirectUris(changes.redirectUris);
  checkScopes(changes.scopes, MEMBER_SCOPES);
  const logout = logoutColumns(changes, options);
  const before = await findMemberApp(db, siteId, rowId);
  if (!before) return undefined;
  await updateSiteClient(db, siteId, rowId, {
    name,
    redirect_uris: changes.redirectUris,
    allowed_scopes: changes.scopes,
    ...logout,
  });
  return before;
}

/** A new secret for a confidential member application; the old one stops working at once. */
export async function rotateMemberAppSecret(db: Db, siteId: string, rowId: string): Promise<CreatedClient | undefined> {
  const client = await findMemberApp(db, siteId, rowId);
  if (!client) return undefined;
  if (client.authMethod === 'none') throw new ClientRuleError('A public client has no secret to rotate.');
  const { secret, hash } = newSecret(true);
  await updateSiteClient(db, siteId, rowId, { client_secret_hash: hash });
  return { client, clientSecret: secret };
}
