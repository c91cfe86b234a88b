// Who may sign in on a school's sign-in page, and what a sign-in records. The sign-in handlers
// (oauth/handlers/submitSignIn.ts, getSignInPage.ts) render the pages and call this; the
// identities' SQL stays in db/repositories/people.ts (DESIGN habit 4).
import type { Db } from '../../db/database.ts';
import {
  findPerson,
  findPersonByEmail,
  listRolesAtSite,
  recordSignIn as recordSignInTime,
} from '../../db/repositories/people.ts';
import type { SignInFailure } from '../audit/auth-event-kinds.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password-hash.ts';

/** A sign-in's outcome: the person, or why not as the access trail classes it (services/audit/auth-event-kinds.ts). */
export type CredentialCheck =
  | { personId: string; failure?: undefined }
  | { personId?: string; failure: Extract<SignInFailure, 'wrong_password' | 'unknown_account'> };

/**
 * The person whose email and password these are, when they hold a role at this school; otherwise
 * why not. Unknown accounts cost the same password check, so timing reveals nothing, and a
 * person without a role here gets the same answer as a wrong password (and counts as an unknown
 * account: the school learns nothing of people elsewhere). Throws the password hasher's
 * PasswordHashingBusy when no check can run now.
 */
export async function verifyCredentials(
  db: Db,
  siteId: string,
  email: string,
  password: string,
): Promise<CredentialCheck> {
  const person = await findPersonByEmail(db, email);
  if (!person?.password_hash) {
    await verifyAgainstDummy(password);
    return { failure: 'unknown_account' };
  }
  const matches = await verifyPassword(password, person.password_hash);
  const roles = await listRolesAtSite(db, siteId, person.id);
  if (roles.length === 0) return { failure: 'unknown_account' };
  return matches ? { personId: person.id } : { personId: person.id, failure: 'wrong_password' };
}

/** A sign-in attempt of this school, successful or not, in the access trail (docs/operations.md "Access trail"). */
export async function recordSignIn(
  db: Db,
  siteId: string,
  outcome: { personId?: string | undefined; failure?: SignInFailure | undefined },
  from: { ip: string; userAgent: string | null },
): Promise<void> {
  await recordAuthEvent(db, {
    siteId,
    kind: outcome.failure ? 'sign_in.failed' : 'sign_in.succeeded',
    personId: outcome.personId ?? null,
    reason: outcome.failure ?? null,
    ip: from.ip,
    userAgent: from.userAgent,
  });
}

/** Records when the person last signed in (people.last_sign_in_at). */
export async function noteSignedIn(db: Db, personId: string): Promise<void> {
  await recordSignInTime(db, personId);
}

/** The email of the signed-in person, shown on the "signed in as" page. */
export async function signedInEmail(db: Db, personId: string): Promise<string | undefined> {
  return (await findPerson(db, personId))?.email;
}

/** A throttled address is written to the trail once a minute per school, not once per refused request. */
const THROTTLED_NOTE_SECONDS = 60;

/**
 * A sign-in refused by the throttle (/auth.md "Rate limits"), in the access trail: without a person
 * (the typed address is not kept) and at most once a minute per school and address, so a flood of
 * refused guesses cannot flood the trail.
 */
export async function recordThrottledSignIn(
  db: Db,
  limiter: RateLimiter,
  siteId: string,
  from: { ip: string; userAgent: string | null },
): Promise<void> {
  const key = `trail:sign-in-throttled:${siteId}:${from.ip}`;
  if (await limiter.recalls(key)) return;
  await limiter.remember(key, THROTTLED_NOTE_SECONDS);
  await recordSignIn(db, siteId, { failure: 'throttled' }, from);
}
