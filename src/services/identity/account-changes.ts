// What a signed-in person changes of their identity at /account (docs/security.md "Account
// changes"): the identity is shared by every school, so each change holds everywhere.
// - name: at once;
// - password: the current one required (throttled as sign-in is), the invitation's rules for the new
//   one; the person's other sessions and their grants end at every school;
// - e-mail: the current password required; a link mailed to the new address, which must be opened
//   (30 minutes, once) before the address changes; the old address is then told. The same answer
//   whether or not another identity holds the new address (then nothing is mailed, and nothing changes);
// - verify: a link mailed to the current address proves it (OpenID Connect Core 5.1 email_verified).
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/integrity-errors.ts';
import {
  findPerson,
  findPersonByEmail,
  markEmailVerified,
  setPersonEmail,
  setPersonName,
} from '../../db/repositories/people.ts';
import { spendPersonLinks } from '../../db/repositories/person-links.ts';
import { revokeGrantsOfPerson, setPassword } from '../../db/repositories/person-sign-outs.ts';
import { recordAuthEvent, recordGrantsRevoked } from '../audit/auth-events.ts';
import type { SessionService } from '../sessions/browser-sessions.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password-hash.ts';
import { KeyedError, textKey } from '../../lib/text-key.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Actor } from '../audit/actor.ts';
import { MailNotConfigured, type MailOutbox } from '../mail/mail-outbox.ts';
import { PASSWORD_LENGTH } from '../people/invitations.ts';
import type { RateDecision, RateLimiter, RatePolicyName } from '../rate-limiter.ts';
import type { Site } from '../school/sites.ts';
import { startSignInAttempt } from '../sessions/sign-in-throttle.ts';
import { mailPersonLink, useLink } from './person-links.ts';

export type AccountChangeDeps = {
  db: Db;
  mail: MailOutbox;
  rateLimiter: RateLimiter;
  audit: AuditLog;
  sessions: Pick<SessionService, 'endEverywhere'>;
};

/** A change refused, in words for the person (a catalogue key). */
export class ChangeRefused extends KeyedError {}
export class ChangeThrottled extends Error {
  readonly decision: RateDecision;
  readonly policy: RatePolicyName;
  constructor(decision: RateDecision, policy: RatePolicyName) {
    super('Too many attempts.');
    this.decision = decision;
    this.policy = policy;
  }
}

export const NAME_MAX = 200;

export async function changeName(deps: AccountChangeDeps, actor: Actor, name: string): Promise<void> {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > NAME_MAX)
    throw new ChangeRefused(textKey('profile.error.name', { max: NAME_MAX }));
  await setPersonName(deps.db, actor.personId, trimmed);
  await deps.audit.record({ ...auditOf(actor), action: 'person.name_changed' });
}

const auditOf = (actor: Actor) => ({
  siteId: actor.siteId,
  actorPersonId: actor.personId,
  targetType: 'person',
  targetId: actor.personId,
  ip: actor.ip,
});

/** Proves the signed-in person by their current password, throttled as sign-in is. @returns their address */
async function proveCurrentPassword(deps: AccountChangeDeps, actor: Actor, password: string): Promise<string> {
  const person = await findPerson(deps.db, actor.personId);
  if (!person) throw new ChangeRefused(textKey('profile.error.wrongPassword'));
  const attempt = await startSignInAttempt(deps.rateLimiter, person.email, actor.ip);
  if (!attempt.allowed) throw new ChangeThrottled(attempt.decision, attempt.policy);
  const withHash = await findPersonByEmail(deps.db, person.email);
  const ok = withHash?.password_hash
    ? await verifyPassword(password, withHash.password_hash)
    : await verifyAgainstDummy(password);
  if (!ok) throw new ChangeRefused(textKey('profile.error.wrongPassword'));
  await attempt.succeeded();
  return person.email;
}

/** A new password; the person's other sessions and every grant of theirs end, at every school. */
export async function changePassword(
  deps: AccountChangeDeps,
  actor: Actor,
  sessionId: string,
  input: { current: string; next: string; again: string },
): Promise<void> {
  if (input.next !== input.again) throw new ChangeRefused(textKey('passwordReset.error.mismatch'));
  if (input.next.length < PASSWORD_LENGTH.min || input.next.length > PASSWORD_LENGTH.max)
    throw new ChangeRefused(
      textKey('invitation.error.passwordLength', { min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max }),
    );
  await proveCurrentPassword(deps, actor, input.current);
  const hash = await hashPassword(input.next);
  await deps.db.transaction().execute(async (trx) => {
    await setPassword(trx, actor.personId, hash);
    await spendPersonLinks(trx, actor.personId, ['password_reset']);
    // The other sessions end at every school, each client told by Back-Channel Logout; this one stays.
    await deps.sessions.endEverywhere(actor.personId, trx, sessionId);
    const ended = await revokeGrantsOfPerson(trx, actor.personId, 'password changed');
    await recordGrantsRevoked(trx, ended, { reason: 'password_changed', actorPersonId: actor.personId, ip: actor.ip });
  });
  await deps.audit.record({ ...auditOf(actor), action: 'person.password_changed' });
}

/** Mails a link to `newEmail`; the address changes when it is opened. Answers alike whoever holds `newEmail`. */
export async function requestEmailChange(
  deps: AccountChangeDeps,
  site: Site,
  actor: Actor,
  input: { newEmail: string; password: string },
): Promise<void> {
  if (!deps.mail.available) throw new MailNotConfigured();
  const newEmail = input.newEmail.trim().toLowerCase();
  if (newEmail.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(newEmail))
    throw new ChangeRefused(textKey('passwordReset.error.badEmail'));
  const current = await proveCurrentPassword(deps, actor, input.password);
  if (newEmail === current) throw new ChangeRefused(textKey('profile.error.sameEmail'));
  // Held by another identity: nothing is mailed, and the page says what it says for any address.
  if (await findPersonByEmail(deps.db, newEmail)) return;
  await deps.db.transaction().execute((trx) =>
    mailPersonLink(trx, deps.mail, site, {
      personId: actor.personId,
      purpose: 'email_change',
      to: newEmail,
      template: 'email-change',
      newEmail,
      values: { email: newEmail },
    }),
  );
}

/** The link mailed to the new address, opened: the address changes and the old one is told. */
export async function confirmEmailChange(
  deps: AccountChangeDeps,
  site: Site,
  token: string,
  ip: string,
): Promise<void> {
  let personId: string;
  try {
    personId = await deps.db.transaction().execute(async (trx) => {
      const link = await useLink(trx, site, 'email_change', token);
      if (!link?.new_email) throw new ChangeRefused(textKey('passwordReset.error.notValid'));
      const before = await findPerson(trx, link.person_id);
      if (!before) throw new ChangeRefused(textKey('passwordReset.error.notValid'));
      await setPersonEmail(trx, link.person_id, link.new_email);
      // docs/operations.md "Access trail"
      await recordAuthEvent(trx, { siteId: site.id, kind: 'email.changed', personId: link.person_id, ip });
      // Links mailed to the old address no longer prove anything.
      await spendPersonLinks(trx, link.person_id, ['password_reset', 'email_verify', 'email_change']);
      await deps.mail.enqueue(trx, site.id, {
        to: before.email,
        template: 'email-changed',
        values: { name: before.name ?? '', email: before.email, newEmail: link.new_email },
      });
      return link.person_id;
    });
  } catch (error) {
    // Another identity took the address meanwhile: nothing changed.
    if (isUniqueViolation(error)) throw new ChangeRefused(textKey('profile.error.emailTaken'));
    throw error;
  }
  await deps.audit.record({
    siteId: site.id,
    actorPersonId: personId,
    action: 'person.email_changed',
    targetType: 'person',
    targetId: personId,
    ip,
  });
}

/** Mails a link to the person's current address, which proves it when opened. */
export async function requestEmailVerification(deps: AccountChangeDeps, site: Site, actor: Actor): Promise<void> {
  if (!deps.mail.available) throw new MailNotConfigured();
  const person = await findPerson(deps.db, actor.personId);
  if (!person) return;
  await deps.db.transaction().execute((trx) =>
    mailPersonLink(trx, deps.mail, site, {
      personId: person.id,
      purpose: 'email_verify',
      to: person.email,
      template: 'email-verify',
      values: { name: person.name ?? '', email: person.email },
    }),
  );
}

export async function confirmEmailVerification(deps: AccountChangeDeps, site: Site, token: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const link = await useLink(trx, site, 'email_verify', token);
    if (!link) throw new ChangeRefused(textKey('passwordReset.error.notValid'));
    await markEmailVerified(trx, link.person_id);
  });
}
