// "ID token signing keys": the school's ID-token signing keys with their state (next: published,
// not yet signing; current: signing; retired: published until the tokens it signed expire),
// "Rotate" (asking first, with the keys it moves), and the switch that decides whether ID tokens
// are issued (OIDC discovery follows it).
import { textKey } from '../../lib/text-key.ts';
import { checked } from '../areas/forms.ts';
import { confirmPage } from '../areas/confirm-page.ts';
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

  router.get(
    '/signing-keys/rotate',
    area.page(async (call) => {
      const keys = await admin.signingKeys.list(call.ctx.site.id);
      const current = keys.filter((k) => k.state === 'current');
      return confirmPage(call, {
        titleKey: 'adminSafety.confirm.keys.title',
        current: '/admin/signing-keys',
        consequences: [
          textKey('adminSafety.confirm.keys.text', {
            count: current.length,
            kids: current.map((k) => k.kid).join(', '),
          }),
          textKey('adminSafety.confirm.keys.after'),
        ],
        action: '/admin/signing-keys/rotate',
        csrfToken: call.csrf(PURPOSES.rotate),
        button: textKey('admin.keys.rotate'),
        cancel: '/admin/signing-keys',
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
