// The end-session request (RP-Initiated Logout 1.0 2, 3): who asks (the client of `id_token_hint`
// or `client_id`, which must agree), and where the browser goes afterwards. A
// `post_logout_redirect_uri` is honoured only when it exactly equals one the client registered
// (3.1), and only when the client is known (3: without a hint, `client_id` names it); anything else
// is refused before any redirect, so the endpoint is never an open redirector. `state` rides
// along on that redirect (3). `logout_hint` and `ui_locales` are accepted and unused: the session
// is the browser's own, and the pages speak the school's language.
import type { Db } from '../../../db/database.ts';
import { findClientForSite } from '../../../db/repositories/oauth-clients.ts';
import { textKey, KeyedError } from '../../../lib/text-key.ts';
import type { Site } from '../../school/sites.ts';
import { toClient, type Client } from '../clients/client.ts';
import type { SigningKeyService } from '../keys/signing-keys.ts';
import { readIdTokenHint, UnusableIdTokenHint, type IdTokenHint } from './id-token-hint.ts';

export type EndSessionParams = {
  id_token_hint?: string;
  logout_hint?: string;
  client_id?: string;
  post_logout_redirect_uri?: string;
  state?: string;
  ui_locales?: string;
};

export type EndSessionRequest = {
  client: Client | undefined;
  hint: IdTokenHint | undefined;
  /** The registered post-logout redirect with `state`, or undefined: the signed-out page. */
  redirectTo: string | undefined;
  /** What the confirmation form carries back, exactly as received. */
  params: EndSessionParams;
};

/** A request the endpoint cannot honour; its words are a catalogue key, shown on a 400 page. */
export class EndSessionRefused extends KeyedError {}

async function clientOf(db: Db, site: Site, clientId: string): Promise<Client | undefined> {
  const row = await findClientForSite(db, site.id, clientId);
  const client = row ? toClient(row) : undefined;
  return client && client.reviewStatus !== 'blocked' ? client : undefined;
}

export async function readEndSessionRequest(
  deps: { db: Db; signingKeys: SigningKeyService },
  site: Site,
  params: EndSessionParams,
): Promise<EndSessionRequest> {
  let hint: IdTokenHint | undefined;
  if (params.id_token_hint) {
    try {
      hint = await readIdTokenHint(deps.signingKeys, site, params.id_token_hint);
    } catch (error) {
      if (!(error instanceof UnusableIdTokenHint)) throw error;
      throw new EndSessionRefused(textKey('logout.error.badHint'));
    }
  }
  // RP-Initiated Logout 1.0 2: with both, client_id must be the audience of the hint.
  if (hint && params.client_id && params.client_id !== hint.clientId)
    throw new EndSessionRefused(textKey('logout.error.clientMismatch'));
  const clientId = hint?.clientId ?? params.client_id;
  const client = clientId ? await clientOf(deps.db, site, clientId) : undefined;
  if (params.client_id && !client) throw new EndSessionRefused(textKey('logout.error.unknownClient'));

  let redirectTo: string | undefined;
  if (params.post_logout_redirect_uri) {
    if (!client) throw new EndSessionRefused(textKey('logout.error.redirectWithoutClient'));
    if (!client.postLogoutRedirectUris.includes(params.post_logout_redirect_uri))
      throw new EndSessionRefused(textKey('logout.error.redirectNotRegistered'));
    const url = new URL(params.post_logout_redirect_uri);
    if (params.state !== undefined) url.searchParams.set('state', params.state);
    redirectTo = url.toString();
  }
  return { client, hint, redirectTo, params };
}
