// The newest value sealed under the key-encryption key, of each kind: start-up opens them to prove
// that KEY_ENCRYPTION_KEY is the key the data was sealed with (process/key-check.ts).
import type { Db } from '../database.ts';

export async function findNewestSigningKey(db: Db) {
  return db
    .selectFrom('signing_keys')
    .select(['kid', 'alg', 'private_jwk_ciphertext'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findNewestWebhookSecret(db: Db) {
  return db
    .selectFrom('webhook_endpoint_secrets')
    .select(['id', 'secret_ciphertext'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
