// The key that encrypts signing keys at rest, as the server and the commands both need it:
// KEY_ENCRYPTION_KEY when set (required in production); elsewhere a key kept under DATA_DIR, or,
// for an in-memory database that keeps nothing anyway, one that lives as long as the process.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config/config.ts';
import { loadOrCreateDevelopmentKey } from '../lib/key-encryption.ts';

export function keyEncryptionKeyOf(config: Config): Buffer {
  if (config.keyEncryptionKey) return config.keyEncryptionKey;
  return config.database.kind === 'pglite' && config.database.dataDir === null
    ? randomBytes(32)
    : loadOrCreateDevelopmentKey(config.dataDir);
}
