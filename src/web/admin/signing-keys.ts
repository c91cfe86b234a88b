// "Sign-in keys": the school's ID-token signing keys with their state (next: published, not yet
// signing; current: signing; retired: published until the tokens it signed expire), "Rotate",
// and the switch that decides whether ID tokens are issued (OIDC discovery follows it).
import { checked } from '../areas/forms.ts';
import type { AdminPageDeps } from './types.ts';

const PURPOSES = { rotate: 'admin:signing-keys:rotate', idToken: 'admin:signing-keys:id-token' } as const;

/** Catalogue keys of the key states (docs/development.md "Page languages"). */
export const KEY_STATES: Record<string, string> = {
  next: 'admin.keys.state.next',
  current: 'admin.keys.state.current',
  retired: 'admin.keys.state.retired',
};

export function mountSigningKeys({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/signing-keys',
    area.page(async ({ ctx, page, csrf }) => {
      const keys = await admin.signingKeys.list(ctx.site.id);
      return page('./admin/signing-keys', {
        titleKey: 'admin.keys.title',
        current: '/admin/signing-keys',
        keys,
        states: KEY_STATES,
        idTokenSigning: ctx.site.idTokenSigningEnabled,
        jwksUri: `${ctx.site.origin}/.well-known/jwks.json`,
        rotateCsrf: csrf(PURPOSES.rotate),
        idTokenCsrf: csrf(PURPOSES.idToken),
      });
    }),
  );

  router.post(
    '/signing-keys/rotate',
    area.action(PURPOSES.rotate, async ({ actor }) => {
      await admin.signingKeys.rotate(actor);
      return { redirect: '/admin/signing-keys?done=rotated' };
    }),
  );

  router.post(
    '/signing-keys/id-token',
    area.action(PURPOSES.idToken, async ({ actor, body }) => {
      await admin.signingKeys.setIdTokenSigning(actor, checked(body, 'enabled'));
      return { redirect: '/admin/signing-keys?done=id-token' };
    }),
  );
}
