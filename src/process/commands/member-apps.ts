// `npm run member-apps -- <action> --site SLUG`: member applications of one school, as an
// operator creates them in the admin area (/auth.md "2. Get a client").
import { deleteClient, findClientForSite, listClients } from '../../db/repositories/oauth-clients.ts';
import { createMemberApp } from '../../services/auth/clients/manage-clients.ts';
import { recordCliChange } from './audit.ts';
import { refusingKnownClientErrors } from './client-errors.ts';
import { CommandError, listOption, stringOption, type Command } from './command-line.ts';
import { siteIdOf } from './school.ts';
import { recordClientRemoval } from '../../services/audit/auth-events.ts';

const site = { site: { type: 'string' } } as const;

export const memberApps: Command = {
  name: 'member-apps',
  usage:
    'usage: npm run member-apps -- list --site SLUG | create --site SLUG --name N --redirect-uri URI --scope S [--confidential] | delete --site SLUG --client-id ID',
  actions: {
    list: {
      options: site,
      required: ['site'],
      async run({ db }, values) {
        const siteId = await siteIdOf(db, stringOption(values, 'site')!);
        const rows = await listClients(db, { siteId, kind: 'member_app' });
        return rows.map(
          (c) =>
            `${c.client_id}\t${c.name}\t${c.token_endpoint_auth_method}\t${c.redirect_uris.join(' ')}\t${c.allowed_scopes.join(' ')}`,
        );
      },
    },
    create: {
      options: {
        ...site,
        name: { type: 'string' },
        'redirect-uri': { type: 'string', multiple: true },
        scope: { type: 'string', multiple: true },
        confidential: { type: 'boolean' },
      },
      required: ['site', 'name'],
      async run({ db }, values) {
        const siteId = await siteIdOf(db, stringOption(values, 'site')!);
        const name = stringOption(values, 'name')!;
        const confidential = values.confidential === true;
        const { client, clientSecret } = await refusingKnownClientErrors(
          () =>
            createMemberApp(db, siteId, {
              name,
              redirectUris: listOption(values, 'redirect-uri'),
              scopes: listOption(values, 'scope'),
              confidential,
              createdBy: null,
            }),
          { name },
        );
        await recordCliChange(db, {
          siteId,
          action: 'member_app.created',
          targetType: 'client',
          targetId: client.rowId,
          details: { client_id: client.clientId, name: client.name, scopes: client.allowedScopes, confidential },
        });
        return [
          `Created ${client.name}: client_id ${client.clientId}`,
          ...(clientSecret ? [`client_secret (shown once): ${clientSecret}`] : []),
        ];
      },
    },
    delete: {
      options: { ...site, 'client-id': { type: 'string' } },
      required: ['site', 'client-id'],
      async run({ db }, values) {
        const siteId = await siteIdOf(db, stringOption(values, 'site')!);
        const row = await findClientForSite(db, siteId, stringOption(values, 'client-id')!);
        if (!row || row.kind !== 'member_app')
          throw new CommandError(
            `No member application with --client-id ${stringOption(values, 'client-id')} at this school (npm run member-apps -- list --site SLUG shows them).`,
          );
        // docs/operations.md "Access trail": each live grant's end, written before the delete cascades to it.
        await db.transaction().execute(async (trx) => {
          await recordClientRemoval(trx, siteId, row.id, {});
          await deleteClient(trx, row.id);
        });
        await recordCliChange(db, {
          siteId,
          action: 'member_app.deleted',
          targetType: 'client',
          targetId: row.id,
          details: { client_id: row.client_id, name: row.name },
        });
        return [`Deleted ${row.client_id}; its grants and tokens are revoked.`];
      },
    },
  },
};
