// `npm run integrations -- <command>`: the deployment's known vendor integrations, which the
// registration endpoint recognises by client_name (seed spec, Client registration).
//   list
//   add --name "Acme CRM" --client-id acme-crm --redirect-uri https://acme.example/cb [--redirect-uri …]
//       --scope courses:read [--scope …] [--confidential]     (prints the secret once)
//   remove --client-id acme-crm                                (revokes every token of it)
import { parseArgs } from 'node:util';
import { deleteClient, findVendorClient, listClients } from '../src/db/repositories/oauth-clients.ts';
import { ClientRuleError, createVendorIntegration } from '../src/oauth/clients/manage-clients.ts';
import { recordCliChange } from './lib/cli-audit.ts';
import { fail, withDatabase } from './lib/cli-database.ts';

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: { name: { type: 'string' }, 'client-id': { type: 'string' }, 'redirect-uri': { type: 'string', multiple: true }, scope: { type: 'string', multiple: true }, confidential: { type: 'boolean' } },
});

await withDatabase(async (db) => {
  if (command === 'list') {
    for (const c of await listClients(db, { siteId: null, kind: 'vendor' })) console.log(`${c.client_id}\t${c.name}\t${c.redirect_uris.join(' ')}\t${c.allowed_scopes.join(' ')}`);
  } else if (command === 'add') {
    if (!values.name || !values['client-id']) fail('add needs --name and --client-id');
    try {
      const { client, clientSecret } = await createVendorIntegration(db, { name: values.name, clientId: values['client-id'], redirectUris: values['redirect-uri'] ?? [], scopes: values.scope ?? [], confidential: values.confidential ?? false });
      await recordCliChange(db, { siteId: null, action: 'vendor_integration.added', targetType: 'client', targetId: client.rowId, details: { client_id: client.clientId, name: client.name, scopes: client.allowedScopes, confidential: values.confidential ?? false } });
      console.log(`Added ${client.name}: client_id ${client.clientId}`);
      if (clientSecret) console.log(`client_secret (shown once): ${clientSecret}`);
    } catch (error) {
      if (error instanceof ClientRuleError) fail(error.message);
      throw error;
    }
  } else if (command === 'remove') {
    const row = values['client-id'] ? await findVendorClient(db, values['client-id']) : undefined;
    if (!row) fail('No vendor integration with that --client-id.');
    await deleteClient(db, row.id);
    await recordCliChange(db, { siteId: null, action: 'vendor_integration.removed', targetType: 'client', targetId: row.id, details: { client_id: row.client_id, name: row.name } });
    console.log(`Removed ${row.client_id}; its grants and tokens are revoked.`);
  } else {
    fail('usage: npm run integrations -- list | add --name N --client-id ID --redirect-uri URI --scope S [--confidential] | remove --client-id ID');
  }
});
