// docs/layout.md "Which services each surface receives": each surface's bundle holds exactly the
// services it declares, every operation of the route table is paired with its own surface's bundle,
// and an admin operation served through the OpenAPI dispatcher is handed the admin bundle, never the
// whole `Services`. The types say the same: an admin handler's context has no sessions or signing keys.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { operationIds } from '../../generated/openapi/operations.ts';
import type { AdminApiContext, AdminApiServices } from '../admin/admin-api-services.ts';
import { loadConfig } from '../config/config.ts';
import { seedDemoSchools } from '../db/seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../db/testing.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import type { AnyOperationHandler } from '../http/handler.ts';
import { createHttpLogger } from '../http/logging.ts';
import { createOpenApiDispatcher, type OperationRoutes } from '../http/openapi-dispatch.ts';
import { PageTexts } from '../http/pages/i18n/page-text.ts';
import { siteResolver } from '../http/site-resolver.ts';
import type { ToolContext } from '../mcp/registry.ts';
import type { OAuthContext } from '../oauth/oauth-services.ts';
import type { PublicContext } from '../public/public-services.ts';
import { issueTokens } from '../services/auth/issue-tokens.ts';
import { createServices, type Services } from '../services/create-services.ts';
import { operationRoutes, surfaceOfOperation } from './handler-map.ts';
import { SURFACE_SERVICE_NAMES, surfaceServicesOf, type SurfaceServices } from './surface-services.ts';

describe('the services each surface receives (docs/layout.md "Which services each surface receives")', () => {
  it('types: a handler context of each surface has its own services and no other', () => {
    expectTypeOf<keyof AdminApiContext['services']>().toEqualTypeOf<'admin'>();
    expectTypeOf<AdminApiContext['services']>().not.toHaveProperty('sessions');
    expectTypeOf<AdminApiContext['services']>().not.toHaveProperty('signingKeys');
    expectTypeOf<AdminApiContext['services']>().not.toHaveProperty('db');
    expectTypeOf<PublicContext['services']>().not.toHaveProperty('sessions');
    expectTypeOf<PublicContext['services']>().not.toHaveProperty('admin');
    expectTypeOf<OAuthContext['services']>().not.toHaveProperty('admin');
    expectTypeOf<OAuthContext['services']>().not.toHaveProperty('catalog');
    expectTypeOf<GraphQLContext['services']>().toEqualTypeOf<Pick<Services, 'account'>>();
    expectTypeOf<ToolContext['services']>().not.toHaveProperty('sessions');
    expectTypeOf<ToolContext['services']>().not.toHaveProperty('admin');
    for (const [surface, names] of Object.entries(SURFACE_SERVICE_NAMES)) {
      expect(new Set(names).size, surface).toBe(names.length);
    }
  });

  describe('at run time', () => {
    let test: TestDatabase;
    let services: Services;
    let surfaces: SurfaceServices;
    let routes: OperationRoutes;
    beforeAll(async () => {
      test = await createTestDatabase();
      services = createServices({ config: loadConfig({}), db: test.db, keyEncryptionKey: randomBytes(32) });
      surfaces = surfaceServicesOf(services);
      routes = operationRoutes(surfaces);
    });
    afterAll(async () => {
      await services?.grantUses.stop();
      await test?.drop();
    });

    it("each surface's bundle holds exactly the services it declares, the very instances of Services", () => {
      for (const [surface, names] of Object.entries(SURFACE_SERVICE_NAMES)) {
        const bundle = surfaces[surface as keyof SurfaceServices] as Record<string, unknown>;
        expect(Object.keys(bundle).sort(), surface).toEqual([...names].sort());
        for (const name of names) expect(bundle[name], `${surface}.${name}`).toBe(services[name]);
        expect(Object.isFrozen(bundle), surface).toBe(true);
      }
    });

    it('every operation is paired at start with its surface: admin, OAuth or public', () => {
      for (const id of operationIds) {
        expect(routes[id].services, id).toBe(surfaces[surfaceOfOperation(id)]);
        expect(routes[id].services, id).not.toBe(services);
      }
      expect(routes.listCourses.services).toBe(surfaces.adminApi);
      expect(routes.token.services).toBe(surfaces.oauth);
      expect(routes.listCatalogCourses.services).toBe(surfaces.public);
    });

    it('an admin operation served by the dispatcher is handed the admin bundle, not every service', async () => {
      let seen: { services: unknown } | undefined;
      const listCourses = routes.listCourses.handler;
      const watched: AnyOperationHandler = async (request, context: AdminApiContext) => {
        seen = context;
        return listCourses(request, context);
      };
      const app = express();
      app.use(createHttpLogger(pino({ level: 'silent' })));
      app.use(siteResolver(surfaces.edge, new PageTexts()));
      app.use(
        await createOpenApiDispatcher({
          routes: { ...routes, listCourses: { ...routes.listCourses, handler: watched } },
          db: surfaces.edge.db,
          validateResponses: true,
        }),
      );
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const token = await operatorToken(test, services, origin);
        const response = await fetch(`${origin}/api/v1/courses`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.status).toBe(200);
        expect(seen?.services).toBe(surfaces.adminApi);
        expect(seen?.services).not.toBe(services);
        expect(Object.keys(seen?.services as AdminApiServices)).toEqual(['admin']);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
});

/** An operator access token of the demo integration for an owner of Demo Academy, with courses:read. */
async function operatorToken(test: TestDatabase, services: Services, primary: string): Promise<string> {
  await seedDemoSchools(test.db, { primary, secondary: 'http://localhost:1' });
  const site = await test.db
    .selectFrom('sites')
    .select(['id', 'origin'])
    .where('slug', '=', 'demo-academy')
    .executeTakeFirstOrThrow();
  const client = await test.db
    .selectFrom('oauth_clients')
    .select('id')
    .where('client_id', '=', 'demo-crm')
    .executeTakeFirstOrThrow();
  const owner = await test.db
    .selectFrom('site_roles')
    .select('person_id')
    .where('site_id', '=', site.id)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const scopes = ['courses:read'];
  const grant = await test.db
    .insertInto('oauth_grants')
    .values({
      site_id: site.id,
      client_row_id: client.id,
      person_id: owner.person_id,
      scopes,
      resource: site.origin,
      auth_time: new Date(now),
      expires_at: new Date(now + 3_600_000),
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
  const binding = {
    grantId: grant.id,
    siteId: site.id,
    clientRowId: client.id,
    personId: owner.person_id,
    scopes,
    resource: site.origin,
    grantExpiresAt: grant.expires_at,
  };
  const issued = await issueTokens(test.db, binding, services.config.oauth, { withRefreshToken: false });
  return issued.accessToken;
}
