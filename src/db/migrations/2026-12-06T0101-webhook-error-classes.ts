// /webhooks.md "Delivery errors": `last_error` says a class in words, never an address or a raw
// socket message. Rows written before carry the old free text (a resolved address, a socket
// message): each is rewritten to the class its text shows, in the words the worker now writes
// (services/webhooks/delivery-error.ts, copied here: a migration imports nothing from src/). Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update webhook_deliveries set last_error = case
      when last_error ~ '^status [0-9]+$'
        then 'http_status: the receiver answered with a status other than 2xx (' || substr(last_error, 8) || ')'
      when last_error like 'no response within %' then 'timeout: no complete response within the deadline'
      when last_error like '% resolves to special-use address %' or last_error like 'unsupported scheme %'
        then 'refused_address: the host name resolves to an address webhooks may not be sent to'
      when last_error like 'cannot resolve %' or last_error like '% has no addresses'
        then 'dns: the host name did not resolve'
      when last_error = 'cannot be signed' then 'signing: the delivery could not be signed with the endpoint’s secrets'
      when last_error ~* '(ssl|tls|certificate|cert_|handshake|wrong version)'
        then 'tls: the TLS handshake with the receiver failed'
      else 'connect: no connection to the receiver could be made or kept'
    end
    where last_error is not null`.execute(db);
}

export async function down(): Promise<void> {
  // The old texts are gone on purpose: nothing to restore.
}
