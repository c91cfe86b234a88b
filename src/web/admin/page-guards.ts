// What an admin page checks before it reads or changes a row, in the area's words: that the
// signed-in person may (the admin API's scope rule, asked for them), that the row of the path is
// one (a UUID) and still exists (the area's 404), and that a page's query the service refused (a
// cursor of another list) is a 400 page with a link to follow again, never a 500.
import { InvalidCursor } from '../../db/pagination/cursor.ts';
import { textKey } from '../../lib/text-key.ts';
import { AreaForbidden, AreaNotFound } from '../../services/audit/actor.ts';
import { operatorScopeAllowed } from '../../services/auth/standing/operator-scope.ts';
import { ServiceError } from '../../services/errors.ts';
import type { AreaCall } from '../areas/area-route.ts';
import { isUuid } from '../areas/forms.ts';

/** A 400 page for a page's query the service refused (a cursor of another list): the person follows a link again. */
export function badQueryPage(call: AreaCall, titleKey: string, error: unknown) {
  if (!(error instanceof InvalidCursor) && !(error instanceof ServiceError && error.kind === 'invalid-input'))
    throw error;
  return call.page('./admin/message', { titleKey, message: textKey('adminForms.error.badQuery'), status: 400 }, 400);
}

/** The :id of a row in a path: a UUID, or the area's 404 in `missing`'s words. */
export function rowId(id: string | undefined, missing: string): string {
  if (!isUuid(id)) throw new AreaNotFound(textKey(missing));
  return id;
}

/** The service's NotFound as the area's 404 page in the catalogue's words. */
export async function foundOr<T>(missing: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not-found') throw new AreaNotFound(textKey(missing));
    throw error;
  }
}

/**
 * The admin API's rule of who may do what, asked for the signed-in person: a page needs the scope
 * an operator token of theirs would need for the same operation (members:write is the owners').
 */
export function mayUse(call: AreaCall, scope: string): boolean {
  return operatorScopeAllowed(call.ctx.site, call.person.roles, scope);
}

export function requireScope(call: AreaCall, scope: string): void {
  if (!mayUse(call, scope)) throw new AreaForbidden(textKey('adminForms.error.scopeRequired', { scope }));
}
