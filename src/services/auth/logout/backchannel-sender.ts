// The outbox's sender of kind `backchannel_logout` (OpenID Connect Back-Channel Logout 1.0 2.4-2.8):
// a logout token signed with the school's key of the client's ID-token algorithm, `typ`
// logout+jwt, with iss, aud (the client_id), iat, exp (two minutes), jti (the outbox message: the
// same on every retry of one logout), the back-channel logout event, sid and sub, never nonce
// (2.4); POSTed as application/x-www-form-urlencoded `logout_token=…` (2.5) through the SSRF
// guard (webhook-post.ts on lib/net/: no private address unless development allows it, no redirect
// followed, one deadline). 200 or 204 is done (2.8). A 400 says the client refused this token, and an
// address the guard refuses or a URL the client no longer has will not change: given up at once.
// Anything else (5xx, timeout, network) is tried again by the outbox.
import type { Db } from '../../../db/database.ts';
import { findClientByRowId } from '../../../db/repositories/oauth-clients.ts';
import type { OutboxSender } from '../../outbox/outbox-worker.ts';
import { PermanentOutboxFailure } from '../../outbox/outbox-worker.ts';
import type { Site } from '../../school/sites.ts';
import { postWebhook } from '../../webhooks/webhook-post.ts';
import { toClient } from '../clients/client.ts';
import type { SigningKeyService } from '../keys/signing-keys.ts';
import type { BackchannelLogoutPayload } from './backchannel.ts';

export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** Back-Channel Logout 1.0 2.4: a short-lived token (the RP checks exp); two minutes. */
export const LOGOUT_TOKEN_TTL_SECONDS = 120;

export type BackchannelSenderDeps = {
  db: Db;
  signingKeys: SigningKeyService;
  findSite: (id: string) => Promise<Site | undefined>;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: development receivers on loopback and private addresses. */
  allowPrivateAddresses: boolean;
  timeoutMs: number;
};

function payloadOf(value: unknown): BackchannelLogoutPayload {
  const payload = value as Partial<BackchannelLogoutPayload> | null;
  if (
    typeof payload?.clientRowId !== 'string' ||
    typeof payload.sessionId !== 'string' ||
    typeof payload.personId !== 'string'
  )
    throw new PermanentOutboxFailure('not a back-channel logout payload');
  return payload as BackchannelLogoutPayload;
}

export function createBackchannelLogoutSender(deps: BackchannelSenderDeps): OutboxSender {
  return async (message) => {
    const payload = payloadOf(message.payload);
    const row = await findClientByRowId(deps.db, payload.clientRowId);
    const site = await deps.findSite(message.siteId);
    // The client was deleted, or dropped its back-channel URI since: nobody is left to tell.
    if (!row?.backchannel_logout_uri || !site) return;
    const client = toClient(row);
    await deps.signingKeys.ensureKeys(site.id);
    const token = await deps.signingKeys.signJwt(
      site.id,
      client.idTokenAlg,
      {
        iss: site.origin,
        aud: client.clientId,
        jti: message.id,
        sub: payload.personId,
        sid: payload.sessionId,
        events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
      },
      { expiresInSeconds: LOGOUT_TOKEN_TTL_SECONDS, typ: 'logout+jwt' },
    );
    const outcome = await postWebhook(
      row.backchannel_logout_uri,
      new URLSearchParams({ logout_token: token }).toString(),
      { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'course-school-backchannel-logout/1.0' },
      { allowSpecialUseAddresses: deps.allowPrivateAddresses, timeoutMs: deps.timeoutMs },
    );
    if (outcome.status === 200 || outcome.status === 204) return;
    const why = outcome.error ?? `status ${outcome.status}`;
    if (outcome.status === 400 || outcome.error?.startsWith('refused_address'))
      throw new PermanentOutboxFailure(`the client refused the logout token: ${why}`);
    throw new Error(`back-channel logout not delivered: ${why}`);
  };
}
