// SQL for the schools' ID-token signing keys. Rotation is 'next' -> 'current' -> 'retired':
// a key is published (JWKS) while next, signs while current, and stays published while retired
// until publish_until, when every token it signed has expired (OIDC Core 10.1.1).
// State changes run inside a transaction that holds the site's advisory lock, so that two
// instances never create or rotate one site's keys at the same time.
import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import type { SigningAlg, SigningKeysTable } from '../schema-oauth.ts';

export type SigningKeyRow = Selectable<SigningKeysTable>;
export type NewSigningKey = Insertable<SigningKeysTable>;
type Trx = Transaction<Database>;

/**
 * Serialises key changes per site until the transaction ends. A transaction-scoped lock is
 * released by commit or rollback, so a crashed instance cannot leave it held. Takes a
 * Transaction: outside one, PostgreSQL would release the lock at the end of this statement.
 */
export async function lockSiteSigningKeys(trx: Trx, siteId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${siteId}::text, 0))`.execute(trx);
}

export async function insertSigningKey(db: Db, key: NewSigningKey): Promise<void> {
  await db.insertInto('signing_keys').values(key).execute();
}

/** Keys in the JWKS at `now`: next and current, and retired ones still within publish_until. */
export async function listPublishableSigningKeys(db: Db, siteId: string, now: Date): Promise<SigningKeyRow[]> {
  return db
    .selectFrom('signing_keys')
    .selectAll()
    .where('site_id', '=', siteId)
    .where((eb) =>
      eb.or([
        eb('state', 'in', ['next', 'current']),
        eb.and([eb('state', '=', 'retired'), eb('publish_until', '>', now)]),
      ]),
    )
    .orderBy('alg')
    .orderBy('created_at')
    .orderBy('kid')
    .execute();
}

/** The keys that take part in rotation (next and current), oldest first. */
export async function listLiveSigningKeys(db: Db, siteId: string): Promise<SigningKeyRow[]> {
  return db
    .selectFrom('signing_keys')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('state', 'in', ['next', 'current'])
    .orderBy('created_at')
    .orderBy('kid')
    .execute();
}

/** The key that signs for (site, alg); the unique index allows at most one. */
export async function findCurrentSigningKey(
  db: Db,
  siteId: string,
  alg: SigningAlg,
): Promise<SigningKeyRow | undefined> {
  return db
    .selectFrom('signing_keys')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('alg', '=', alg)
    .where('state', '=', 'current')
    .executeTakeFirst();
}

/**
 * current -> retired. Must precede promoteSigningKey in the same transaction: the unique index
 * on (site_id, alg) where state = 'current' is checked per statement. Returns the retired kid.
 */
export async function retireCurrentSigningKey(
  trx: Trx,
  siteId: string,
  alg: SigningAlg,
  at: { retiredAt: Date; publishUntil: Date },
): Promise<string | undefined> {
  const row = await trx
    .updateTable('signing_keys')
    .set({ state: 'retired', retired_at: at.retiredAt, publish_until: at.publishUntil })
    .where('site_id', '=', siteId)
    .where('alg', '=', alg)
    .where('state', '=', 'current')
    .returning('kid')
    .executeTakeFirst();
  return row?.kid;
}

/** next -> current. */
export async function promoteSigningKey(trx: Trx, kid: string, activatedAt: Date): Promise<void> {
  const result = await trx
    .updateTable('signing_keys')
    .set({ state: 'current', activated_at: activatedAt })
    .where('kid', '=', kid)
    .where('state', '=', 'next')
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Error(`signing key ${kid} is not a next key`);
}
