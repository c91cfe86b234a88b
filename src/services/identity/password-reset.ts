// "Forgot password?" (docs/security.md "Invitations and password reset"): a one-time link mailed to the address,
// single use, 30 minutes (person-links.ts), which sets a new password with the same rules as an
// invitation's first password, then ends the person's browser sessions and grants at every school
// (an identity is shared by every school: one e-mail, one password).
// Nothing tells whether an address is known: the request answers the same for any address, takes
// about the same time (ANSWER_FLOOR_MS), and is throttled the same; the mail goes only to a known
// address. Limits (/auth.md "Rate limits"): per network address as sign-in (`passwordResetPerAddress`,
// a 429), and per identity (`passwordResetPerAccount`: past it nothing more is mailed, the answer unchanged).
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { findPersonByEmail, markEmailVerified } from '../../db/repositories/people.ts';
import { spendPersonLinks } from '../../db/repositories/person-links.ts';
import { revokeGrantsOfPerson, setPassword } from '../../db/repositories/person-sign-outs.ts';
import { recordAuthEvent, recordGrantsRevoked } from '../audit/auth-events.ts';
import type { SessionService } from '../sessions/browser-sessions.ts';
import { listRoles } from '../../db/repositories/school-people.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { KeyedError, textKey } from '../../lib/text-key.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { MailNotConfigured, type MailOutbox } from '../mail/mail-outbox.ts';
import { PASSWORD_LENGTH } from '../people/invitations.ts';
import type { RateDecision, RateLimiter, RatePolicyName } from '../rate-limiter.ts';
import type { Site } from '../school/sites.ts';
import { mailPersonLink, useLink } from './person-links.ts';

/** Every request's answer takes at least this long, whether a mail was enqueued or not. */
export const ANSWER_FLOOR_MS = 300;

export type PasswordResetDeps = {
  db: Db;
  mail: MailOutbox;
  rateLimiter: RateLimiter;
  audit: AuditLog;
  sessions: Pick<SessionService, 'endEverywhere'>;
};

export class ResetThrottled extends Error {
  readonly decision: RateDecision;
  readonly policy: RatePolicyName;
  constructor(decision: RateDecision, policy: RatePolicyName) {
    super('Too many reset requests.');
    this.decision = decision;
    this.policy = policy;
  }
}
/** The link is unknown, spent or expired. */
export class ResetUnavailable extends KeyedError {}
/** The new password breaks a rule. */
export class ResetRefused extends KeyedError {}

/** Bucket names hold a digest, never the address. */
const identityKey = (email: string) => createHash('sha256').update(email, 'utf8').digest('base64url');

const waitUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/**
 * Mails a reset link to `email` if it names an identity; answers alike either way.
 * @throws ResetThrottled (per network address), MailNotConfigured
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  site: Site,
  email: string,
  ip: string,
): Promise<void> {
  const answerAt = Date.now() + ANSWER_FLOOR_MS;
  if (!deps.mail.available) throw new MailNotConfigured();
  const address = await deps.rateLimiter.take(`password-reset:address:${ip}`, 'passwordResetPerAddress');
  if (!address.allowed) throw new ResetThrottled(address, 'passwordResetPerAddress');
  const normalized = email.trim().toLowerCase();
  const identity = await deps.rateLimiter.take(
    `password-reset:identity:${identityKey(normalized)}`,
    'passwordResetPerAccount',
  );
  if (identity.allowed) {
    const person = await findPersonByEmail(deps.db, normalized);
    if (person) {
      await deps.db.transaction().execute((trx) =>
        mailPersonLink(trx, deps.mail, site, {
          personId: person.id,
          purpose: 'password_reset',
          to: person.email,
          template: 'password-reset',
          values: { name: person.name ?? '' },
        }),
      );
    }
  }
  await waitUntil(answerAt);
}

/**
 * Sets the password of the link's person and ends their sessions and grants at every school, in one
 * transaction with the link's use (so a link sets a password once). @returns the person's id
 * @throws ResetRefused, ResetUnavailable, PasswordHashingBusy
 */
export async function completePasswordReset(
  deps: PasswordResetDeps,
  site: Site,
  token: string,
  password: string,
  ip: string,
): Promise<string> {
  if (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max)
    throw new ResetRefused(
      textKey('invitation.error.passwordLength', { min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max }),
    );
  const hash = await hashPassword(password);
  const personId = await deps.db.transaction().execute(async (trx) => {
    const link = await useLink(trx, site, 'password_reset', token);
    if (!link) throw new ResetUnavailable(textKey('passwordReset.error.notValid'));
    await setPassword(trx, link.person_id, hash);
    await spendPersonLinks(trx, link.person_id, ['password_reset']);
    // Every session at every school ends, each client told by Back-Channel Logout (/auth.md "Signing out").
    await deps.sessions.endEverywhere(link.person_id, trx);
    const ended = await revokeGrantsOfPerson(trx, link.person_id, 'password reset');
    // docs/operations.md "Access trail": the reset, and the grants it ended.
    await recordGrantsRevoked(trx, ended, { reason: 'password_changed', actorPersonId: link.person_id, ip });
    await recordAuthEvent(trx, { siteId: site.id, kind: 'password.reset', personId: link.person_id, ip });
    // The link reached the person's mailbox: the address is theirs (OpenID Connect Core 5.1 email_verified).
    await markEmailVerified(trx, link.person_id);
    return link.person_id;
  });
  // The school's audit log tells of its own people only: a stranger's reset here is not its business.
  if ((await listRoles(deps.db, site.id, personId)).length > 0)
    await deps.audit.record({
      siteId: site.id,
      actorPersonId: personId,
      action: 'person.password_reset',
      targetType: 'person',
      targetId: personId,
      ip,
    });
  return personId;
}
