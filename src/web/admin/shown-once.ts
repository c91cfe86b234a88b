// What a form's result page shows once after its redirect (post, then redirect; docs/security.md
// "Secrets shown once"): the form stores it with call.flash, the page reads it with call.takeFlash,
// and a reload, the back button or a copied URL finds it gone and says so instead.
import type { AreaCall } from '../areas/area-route.ts';

/** A new secret and what its page says about it; `secret` null for a public client (it has none). */
export type ShownSecret = {
  secret: string | null;
  /** created: the first secret of a new client or endpoint; rotated: a replacement. */
  kind: 'created' | 'rotated';
  previousSecretExpiresAt?: string | undefined;
};

/** The redirect to `path` carrying the token of `value`. */
export async function redirectShowingOnce(call: AreaCall, path: string, value: unknown): Promise<{ redirect: string }> {
  const token = await call.flash(value);
  return { redirect: `${path}?shown=${token}` };
}

/** The secret stored for this page, once; undefined on a reload. */
export async function takeShownSecret(call: AreaCall): Promise<ShownSecret | undefined> {
  const value = (await call.takeFlash()) as Partial<ShownSecret> | undefined;
  if (!value || (value.kind !== 'created' && value.kind !== 'rotated')) return undefined;
  return {
    secret: typeof value.secret === 'string' ? value.secret : null,
    kind: value.kind,
    previousSecretExpiresAt:
      typeof value.previousSecretExpiresAt === 'string' ? value.previousSecretExpiresAt : undefined,
  };
}
