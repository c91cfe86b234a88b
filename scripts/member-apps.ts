// `npm run member-apps -- <command>`: member applications of one school, as an operator creates
// them in the admin area (seed spec, Authentication 4); for scripts and for schools without it.
//   list --site demo-academy
//   create --site demo-academy --name "Study Buddy" --redirect-uri http://127.0.0.1/callback
//          --scope openid --scope account:read [--confidential]      (prints the secret once)
//   delete --site demo-academy --client-id app-…                      (revokes every token of it)
import { parseArgs } from 'node:util';
import { deleteClient, findClientForSite, findSiteIdBySlug, listClients } from '../src/db/repositories/oauth-clients.ts';
import { ClientRuleError, createMemberApp } from '../src/oauth/clients/manage-clients.ts';
import { recordCliChange } from './lib/cli-audit.ts';
import { fail, withDatabase } from './lib/cli-database.ts';

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: { site: { type: 'string' }, name: { type: 'string' }, 'client-id': { type: 'string' }, 'redirect-uri': { type: 'string', multiple: true }, scope: { type: 'string', multiple: true }, confidential: { type: 'boolean' } },
});

await withDatabase(async (db) => {
  const siteId = values.site ? await findSiteIdBySlug(db, values.site) : undefined;
  if (!siteId) fail('--site must name a school by its slug (e.g. demo-academy).');
  if (command === 'list') {
    for (const c of await listClients(db, { siteId, kind: 'member_app' })) console.log(`${c.client_id}\t${c.name}\t${c.token_endpoint_auth_method}\t${c.redirect_uris.join(' ')}\t${c.allowed_scopes.join(' ')}`);
  } else if (command === 'create') {
    if (!values.name) fail('create needs --name');
    try {
      const { client, clientSecret } = await createMemberApp(db, siteId, { name: values.name, redirectUris: values['redirect-uri'] ?? [], scopes: values.scope ?? [], confidential: values.confidential ?? false, createdBy: null });
      await recordCliChange(db, { siteId, action: 'member_app.created', targetType: 'client', targetId: client.rowId, details: { client_id: client.clientId, name: client.name, scopes: client.allowedScopes, confidential: values.confidential ?? false } });
      console.log(`Created ${client.name}: client_id ${client.clientId}`);
      if (clientSecret) console.log(`client_secret (shown once): ${clientSecret}`);
    } catch (error) {
      if (error instanceof ClientRuleError) fail(error.message);
      throw error;
    }
  } else if (command === 'delete') {
    const row = values['client-id'] ? await findClientForSite(db, siteId, values['client-id']) : undefined;
    if (!row || row.kind !== 'member_app') fail('No member application with that --client-id at this school.');
    await deleteClient(db, row.id);
    await recordCliChange(db, { siteId, action: 'member_app.deleted', targetType: 'client', targetId: row.id, details: { client_id: row.client_id, name: row.name } });
    console.log(`Deleted ${row.client_id}; its grants and tokens are revoked.`);
  } else {
    fail('usage: npm run member-apps -- list|create|delete --site SLUG [...]');
  }
});
