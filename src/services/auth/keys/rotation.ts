// Key creation and rotation for one site and one alg. Every function here runs inside a
// transaction that already holds the site's advisory lock (lockSiteSigningKeys), so two
// instances acting at once serialise and the second sees what the first committed.
import type { Transaction } from 'kysely';
import {
  insertSigningKey,
  promoteSigningKey,
  retireCurrentSigningKey,
  type SigningKeyRow,
} from '../../../db/repositories/signing-keys.ts';
import type { Database } from '../../../db/schema.ts';
import type { KeyState, SigningAlg } from '../../../db/schema-oauth.ts';
import { generateSigningKey } from './key-material.ts';

type Trx = Transaction<Database>;

export type RotationContext = {
  keyEncryptionKey: Buffer;
  now: Date;
  /** How long a retired key stays in the JWKS after it stops signing. */
  retiredPublishSeconds: number;
};

export type RotationResult = { alg: SigningAlg; retiredKid: string | null; currentKid: string; nextKid: string };

async function createKey(
  trx: Trx,
  siteId: string,
  alg: SigningAlg,
  state: KeyState,
  ctx: RotationContext,
): Promise<string> {
  const key = await generateSigningKey(alg, ctx.keyEncryptionKey);
  await insertSigningKey(trx, {
    kid: key.kid,
    site_id: siteId,
    alg,
    state,
    public_jwk: JSON.stringify(key.publicJwk),
    private_jwk_ciphertext: key.privateJwkCiphertext,
    created_at: ctx.now,
    activated_at: state === 'current' ? ctx.now : null,
  });
  return key.kid;
}

/**
 * Makes sure `alg` has one current and one next key, creating only what is missing. `live` is
 * the site's next and current keys read under the lock, oldest first.
 */
export async function ensureAlgKeys(
  trx: Trx,
  siteId: string,
  alg: SigningAlg,
  live: readonly SigningKeyRow[],
  ctx: RotationContext,
): Promise<{ currentKid: string; nextKid: string }> {
  const keys = live.filter((key) => key.alg === alg);
  const nextKids = keys.filter((key) => key.state === 'next').map((key) => key.kid);
  let currentKid = keys.find((key) => key.state === 'current')?.kid;
  let nextKid = nextKids[0];
  // A published next key is preferable to a brand-new one: verifiers may already hold it.
  if (currentKid === undefined && nextKid !== undefined) {
    await promoteSigningKey(trx, nextKid, ctx.now);
    currentKid = nextKid;
    nextKid = nextKids[1];
  }
  // Bootstrap only: a site's first key signs at once; OIDC Core 10.1.1 has verifiers re-fetch
  // the JWKS when they meet an unknown kid.
  currentKid ??= await createKey(trx, siteId, alg, 'current', ctx);
  nextKid ??= await createKey(trx, siteId, alg, 'next', ctx);
  return { currentKid, nextKid };
}

/**
 * current -> retired (published until every token it signed has expired), next -> current,
 * and a fresh next, which is published from now on and signs only after the next rotation.
 */
export async function rotateAlg(
  trx: Trx,
  siteId: string,
  alg: SigningAlg,
  live: readonly SigningKeyRow[],
  ctx: RotationContext,
): Promise<RotationResult> {
  const { nextKid: promotedKid } = await ensureAlgKeys(trx, siteId, alg, live, ctx);
  const publishUntil = new Date(ctx.now.getTime() + ctx.retiredPublishSeconds * 1000);
  // Retire first: the unique index allows one current key per (site, alg) at every statement.
  const retiredKid = await retireCurrentSigningKey(trx, siteId, alg, { retiredAt: ctx.now, publishUntil });
  await promoteSigningKey(trx, promotedKid, ctx.now);
  const nextKid = await createKey(trx, siteId, alg, 'next', ctx);
  return { alg, retiredKid: retiredKid ?? null, currentKid: promotedKid, nextKid };
}
