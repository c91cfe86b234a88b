// A loopback registration (RFC 8252 7.3, a native app on this device) that never exchanges a code
// is deleted by the purge job (db/repositories/purge.ts, unusedLoopbackClients); the first
// exchange marks it used, which keeps it. The token handler calls this rather than the repository.
import type { Db } from '../../../db/database.ts';
import { touchClientLastUsed } from '../../../db/repositories/oauth-clients.ts';
import type { Client } from './client.ts';

export async function noteCodeExchanged(db: Db, client: Client): Promise<void> {
  if (client.kind === 'loopback') await touchClientLastUsed(db, client.rowId);
}
