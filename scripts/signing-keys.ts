// `npm run signing-keys -- <command> --site SLUG`: a school's ID-token signing keys.
//   list     the keys with their state (next, current, retired) and publish-until time
//   rotate   [--alg ES256|RS256]: next becomes current, current is retired but stays published
//            until every token it signed has expired; a new next key is published
// Other instances start signing with the new key within KEY_STATE_CACHE_SECONDS.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/config.ts';
import { findSiteIdBySlug } from '../src/db/repositories/oauth-clients.ts';
import { listPublishableSigningKeys } from '../src/db/repositories/signing-keys.ts';
import { loadOrCreateDevelopmentKey } from '../src/oauth/keys/key-encryption.ts';
import { createSigningKeyService, KEY_STATE_CACHE_SECONDS } from '../src/oauth/keys/signing-keys.ts';
import { fail, withDatabase } from './lib/cli-database.ts';

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({ args: rest, options: { site: { type: 'string' }, alg: { type: 'string' } } });
const config = loadConfig();
const keyEncryptionKey = config.keyEncryptionKey ?? (config.database.kind === 'pglite' && config.database.dataDir === null ? randomBytes(32) : loadOrCreateDevelopmentKey(config.dataDir));

await withDatabase(async (db) => {
  const siteId = values.site ? await findSiteIdBySlug(db, values.site) : undefined;
  if (!siteId) fail('--site must name a school by its slug (e.g. demo-academy).');
  const keys = createSigningKeyService({ db, keyEncryptionKey, idTokenTtlSeconds: config.oauth.idTokenTtlSeconds });
  await keys.ensureKeys(siteId);
  if (command === 'list') {
    for (const k of await listPublishableSigningKeys(db, siteId, new Date())) console.log(`${k.kid}\t${k.alg}\t${k.state}\t${k.publish_until?.toISOString() ?? ''}`);
  } else if (command === 'rotate') {
    if (values.alg && values.alg !== 'ES256' && values.alg !== 'RS256') fail('--alg must be ES256 or RS256');
    for (const r of await keys.rotate(siteId, values.alg as 'ES256' | 'RS256' | undefined)) console.log(`${r.alg}: now signing with ${r.currentKid}; retired ${r.retiredKid ?? '-'}; next ${r.nextKid}`);
    console.log(`Other instances switch within ${KEY_STATE_CACHE_SECONDS} s.`);
  } else {
    fail('usage: npm run signing-keys -- list|rotate --site SLUG [--alg ES256|RS256]');
  }
});
