// "ID token signing keys": the school's ID-token signing keys and their rotation state, "Rotate", and the
// switch that decides whether ID tokens are issued at all (discovery follows it per request).
import type { Db } from '../../../db/database.ts';
import { setIdTokenSigning } from '../../../db/repositories/site-settings.ts';
import { listPublishableSigningKeys } from '../../../db/repositories/signing-keys.ts';
import type { SigningKeyService } from './signing-keys.ts';
import type { AuditLog } from '../../audit/audit-log.ts';
import { recordChange, type Actor } from '../../audit/actor.ts';

export type SigningKeyView = {
  kid: string;
  alg: string;
  state: string;
  createdAt: Date;
  activatedAt: Date | null;
  retiredAt: Date | null;
  publishUntil: Date | null;
};

export function createSigningKeyActions(db: Db, audit: AuditLog, signingKeys: SigningKeyService) {
  return {
    /** Keys are created on first need, as the JWKS endpoint does, so the page never shows none. */
    async list(siteId: string): Promise<SigningKeyView[]> {
      await signingKeys.ensureKeys(siteId);
      const rows = await listPublishableSigningKeys(db, siteId, new Date());
      return rows.map((r) => ({
        kid: r.kid,
        alg: r.alg,
        state: r.state,
        createdAt: r.created_at,
        activatedAt: r.activated_at,
        retiredAt: r.retired_at,
        publishUntil: r.publish_until,
      }));
    },

    /** next -> current -> retired for every algorithm; the retired key stays published a while. */
    async rotate(actor: Actor): Promise<void> {
      await signingKeys.ensureKeys(actor.siteId);
      const results = await signingKeys.rotate(actor.siteId);
      await recordChange(audit, actor, {
        action: 'signing_keys.rotated',
        targetType: 'site',
        targetId: actor.siteId,
        details: { rotations: results },
      });
    },

    async setIdTokenSigning(actor: Actor, enabled: boolean): Promise<void> {
      await setIdTokenSigning(db, actor.siteId, enabled);
      await recordChange(audit, actor, {
        action: 'id_token_signing.changed',
        targetType: 'site',
        targetId: actor.siteId,
        details: { enabled },
      });
    },
  };
}
