// `npm run integrations -- <action>`: the deployment's vendor integrations, which the
// registration endpoint recognises by client_name (/auth.md "2. Get a client").
import { deleteClient, findVendorClient, listClients } from '../../db/repositories/oauth-clients.ts';
import { createVendorIntegration } from '../../services/auth/clients/manage-clients.ts';
import { recordCliChange } from './audit.ts';
import { refusingKnownClientErrors } from './client-errors.ts';
import { CommandError, listOption, stringOption, type Command } from './command-line.ts';
import { recordClientRemoval } from '../../services/audit/auth-events.ts';

const newClientOptions = {
  name: { type: 'string' },
  'client-id': { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true },
  scope: { type: 'string', multiple: true },
  confidential: { type: 'boolean' },
} as const;

export const integrations: Command = {
  name: 'integrations',
  usage:
    'usage: npm run integrations -- list | add --name N --client-id ID --redirect-uri URI --scope S [--confidential] | remove --client-id ID',
  actions: {
    list: {
      options: {},
      async run({ db }) {
        const rows = await listClients(db, { siteId: null, kind: 'vendor' });
        return rows.map(
          (c) => `${c.client_id}\t${c.name}\t${c.redirect_uris.join(' ')}\t${c.allowed_scopes.join(' ')}`,
        );
      },
    },
    add: {
      options: newClientOptions,
      required: ['name', 'client-id'],
      async run({ db }, values) {
        const name = stringOption(values, 'name')!;
        const clientId = stringOption(values, 'client-id')!;
        const confidential = values.confidential === true;
        const { client, clientSecret } = await refusingKnownClientErrors(
          () =>
            createVendorIntegration(db, {
              name,
              clientId,
              redirectUris: listOption(values, 'redirect-uri'),
              scopes: listOption(values, 'scope'),
              confidential,
            }),
          { name, clientId },
        );
        await recordCliChange(db, {
          siteId: null,
          action: 'vendor_integration.added',
          targetType: 'client',
          targetId: client.rowId,
          details: { client_id: client.clientId, name: client.name, scopes: client.allowedScopes, confidential },
        });
        return [
          `Added ${client.name}: client_id ${client.clientId}`,
          ...(clientSecret ? [`client_secret (shown once): ${clientSecret}`] : []),
        ];
      },
    },
    remove: {
      options: { 'client-id': { type: 'string' } },
      required: ['client-id'],
      async run({ db }, values) {
        const row = await findVendorClient(db, stringOption(values, 'client-id')!);
        if (!row)
          throw new CommandError(
            `No vendor integration with --client-id ${stringOption(values, 'client-id')} (npm run integrations -- list shows them).`,
          );
        // docs/operations.md "Access trail": each live grant's end, written before the delete cascades to it.
        await db.transaction().execute(async (trx) => {
          await recordClientRemoval(trx, null, row.id, {});
          await deleteClient(trx, row.id);
        });
        await recordCliChange(db, {
          siteId: null,
          action: 'vendor_integration.removed',
          targetType: 'client',
          targetId: row.id,
          details: { client_id: row.client_id, name: row.name },
        });
        return [`Removed ${row.client_id}; its grants and tokens are revoked.`];
      },
    },
  },
};
