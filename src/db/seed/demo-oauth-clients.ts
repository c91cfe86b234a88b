// OAuth clients of the demo: a deployment-wide vendor integration, and two member applications of
// Demo Academy as an operator would create them in the admin area (one public, one confidential),
// so that every OAuth route can be tried on a fresh checkout. Their identifiers and the demo
// secret are listed in the README; they are demo data and never belong in production.
import type { Kysely } from 'kysely';
import { hashSecret } from '../../lib/secrets.ts';
import type { Database } from '../schema.ts';

export const DEMO_CLIENTS = {
  vendor: { clientId: 'demo-crm', name: 'Demo CRM', redirectUri: 'https://crm.example.test/oauth/callback' },
  memberApp: {
    clientId: 'demo-study-buddy',
    name: 'Study Buddy',
    redirectUris: ['http://127.0.0.1/callback', 'http://localhost/callback'],
  },
  confidentialMemberApp: {
    clientId: 'demo-progress-sync',
    name: 'Progress Sync',
    secret: 'demo-client-secret',
    redirectUris: ['http://127.0.0.1/callback'],
  },
} as const;

const MEMBER_SCOPES = ['openid', 'profile', 'email', 'account:read', 'account:write'];

export async function seedDemoOAuthClients(
  db: Kysely<Database>,
  demoAcademySiteId: string,
  ownerPersonId: string,
): Promise<void> {
  const vendor = await db
    .insertInto('oauth_clients')
    .values({
      client_id: DEMO_CLIENTS.vendor.clientId,
      site_id: null,
      kind: 'vendor',
      audience: 'operator',
      name: DEMO_CLIENTS.vendor.name,
      redirect_uris: [DEMO_CLIENTS.vendor.redirectUri],
      token_endpoint_auth_method: 'none',
      client_secret_hash: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('oauth_vendor_integrations')
    .values({ client_row_id: vendor.id, match_name: DEMO_CLIENTS.vendor.name.toLowerCase() })
    .execute();

  const memberApp = {
    site_id: demoAcademySiteId,
    kind: 'member_app' as const,
    audience: 'member' as const,
    allowed_scopes: MEMBER_SCOPES,
    created_by_person_id: ownerPersonId,
  };
  await db
    .insertInto('oauth_clients')
    .values([
      {
        ...memberApp,
        client_id: DEMO_CLIENTS.memberApp.clientId,
        name: DEMO_CLIENTS.memberApp.name,
        redirect_uris: [...DEMO_CLIENTS.memberApp.redirectUris],
        token_endpoint_auth_method: 'none',
        client_secret_hash: null,
      },
      {
        ...memberApp,
        client_id: DEMO_CLIENTS.confidentialMemberApp.clientId,
        name: DEMO_CLIENTS.confidentialMemberApp.name,
        redirect_uris: [...DEMO_CLIENTS.confidentialMemberApp.redirectUris],
        token_endpoint_auth_method: 'client_secret_post',
        client_secret_hash: hashSecret(DEMO_CLIENTS.confidentialMemberApp.secret),
      },
    ])
    .execute();
}
