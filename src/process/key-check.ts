// docs/operations.md "Commands beside a running server", exit 78: a key-encryption key that cannot open what the
// database holds stops start-up with one line, instead of a server whose every signature and webhook
// delivery fails later. The newest sealed value of each kind is opened.
import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { findNewestSigningKey, findNewestWebhookSecret } from '../db/repositories/sealed-samples.ts';
import { KeyDecryptionError } from '../lib/key-encryption.ts';
import { importPrivateKey } from '../services/auth/keys/key-material.ts';
import { openSecret } from '../services/webhooks/secrets.ts';
import { keyEncryptionKeyOf } from './key-encryption-key.ts';

/** The key cannot be read, or does not open the data: expected-errors.ts prints the message as it is. */
export class UnusableKeyEncryptionKey extends Error {
  override name = 'UnusableKeyEncryptionKey';
}

/** Where the key comes from, as the line names it: the variable, or the development key file. */
function keySource(config: Config): string {
  return config.keyEncryptionKey
    ? 'KEY_ENCRYPTION_KEY'
    : `key-encryption key file ${path.join(config.dataDir, 'key-encryption.key')}`;
}

export async function checkKeyEncryptionKey(config: Config, db: Db): Promise<void> {
  // An in-memory database holds nothing sealed by an earlier run, and its key lives as long as the process.
  if (config.database.kind === 'pglite' && config.database.dataDir === null) return;
  let key: Buffer;
  try {
    key = keyEncryptionKeyOf(config);
  } catch (error) {
    throw new UnusableKeyEncryptionKey(`Invalid ${keySource(config)}: ${(error as Error).message}`);
  }
  const signingKey = await findNewestSigningKey(db);
  const webhookSecret = await findNewestWebhookSecret(db);
  try {
    if (signingKey) await importPrivateKey(key, signingKey);
    if (webhookSecret) openSecret(key, webhookSecret);
  } catch (error) {
    if (!(error instanceof KeyDecryptionError)) throw error;
    throw new UnusableKeyEncryptionKey(
      `Invalid ${keySource(config)}: it does not open the signing keys and webhook secrets the database holds (they were sealed with another key). Start with the key they were sealed with.`,
    );
  }
}
