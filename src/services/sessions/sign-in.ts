// Who may sign in on a school's sign-in page, and what a sign-in records. The sign-in handlers
// (oauth/handlers/submitSignIn.ts, getSignInPage.ts) render the pages and call this; the
// identities' SQL stays in db/repositories/people.ts (DESIGN habit 4).
import type { Db } from '../../db/database.ts';
import { findPerson, findPersonByEmail, listRolesAtSite, recordSignIn } from '../../db/repositories/people.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password-hash.ts';

/**
 * The person whose email and password these are, when they hold a role at this school; undefined
 * otherwise. Unknown accounts cost the same password check, so timing reveals nothing, and a
 * person without a role here gets the same answer as a wrong password. Throws the password
 * hasher's PasswordHashingBusy when no check can run now.
 */
export async function verifyCredentials(
  db: Db,
  siteId: string,
  email: string,
  password: string,
): Promise<string | undefined> {
  const person = await findPersonByEmail(db, email);
  if (!person?.password_hash) {
    await verifyAgainstDummy(password);
    return undefined;
  }
  if (!(await verifyPassword(password, person.password_hash))) return undefined;
  const roles = await listRolesAtSite(db, siteId, person.id);
  return roles.length ? person.id : undefined;
}

/** Records when the person last signed in (people.last_sign_in_at). */
export async function noteSignedIn(db: Db, personId: string): Promise<void> {
  await recordSignIn(db, personId);
}

/** The email of the signed-in person, shown on the "signed in as" page. */
export async function signedInEmail(db: Db, personId: string): Promise<string | undefined> {
  return (await findPerson(db, personId))?.email;
}
