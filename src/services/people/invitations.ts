// An invitation discloses and attaches nothing until accepted. An identity is global (one e-mail signs in at every
// school), so a school adding a person by e-mail must neither learn what other schools hold about
// them nor attach their account without them. Hence:
// - a person who already holds a role HERE gains the new role at once (the school knows them, as
//   when it changes their roles);
// - anyone else, whether or not an identity exists for the e-mail elsewhere, is invited: the
//   school gets an invitation carrying only what it typed itself (e-mail, name, role), and the same
//   answer either way, so it cannot even tell whether the e-mail has an account; the accept link is
//   mailed to the address alone (in the transaction that made it: services/outbox/), so holding the
//   mailbox is what proves the person, and the school can resend the link but never read it;
// - the role is added only when the person accepts at the link: an existing account by signing in
//   with its own password (throttled as sign-in is), a new e-mail by choosing a password, which
//   creates the identity then. A password is never set on an identity another school knows.
import type { Db } from '../../db/database.ts';
import { findPersonByEmail, markEmailVerified } from '../../db/repositories/people.ts';
import {
  answerInvitation,
  cancelPendingInvitation,
  findInvitationByToken,
  hasAnyRole,
  insertFirstCredentials,
  listPendingInvitations,
  renewPendingInvitation,
  upsertPendingInvitation,
  type InvitationRow,
} from '../../db/repositories/school-invitations.ts';
import * as people from '../../db/repositories/school-people.ts';
import type { SiteRole } from '../../db/schema.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password-hash.ts';
import { hashSecret, randomSecret, TOKEN_PREFIX } from '../../lib/secrets.ts';
import { toIso } from '../../lib/time.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { RateDecision, RateLimiter, RatePolicyName } from '../rate-limiter.ts';
import { startSignInAttempt } from '../sessions/sign-in-throttle.ts';
import { recordStudentCreated } from '../webhooks/student-events.ts';
import type { Site } from '../school/sites.ts';
import { KeyedError, textKey } from '../../lib/text-key.ts';
import { NotFound } from '../errors.ts';
import { MailNotConfigured, type MailOutbox } from '../mail/mail-outbox.ts';

/** How long an accept link works (re-inviting sends a fresh one). */
export const INVITATION_TTL_SECONDS = 14 * 86_400;
/** NIST SP 800-63B 5.1.1.2: at least 8 characters; a bound keeps hashing cheap. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

export const acceptPath = (token: string) => `/account/invitations/${token}`;

/**
 * An invitation as the inviting school sees it: only what it typed and its dates. Never the accept
 * link: it is mailed to the person alone, so the mailbox proves them (OpenAPI inviteMember).
 */
export function toInvitation(row: InvitationRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: 'pending' as const,
    created_at: toIso(row.created_at)!,
    expires_at: toIso(row.expires_at)!,
  };
}
export type Invitation = ReturnType<typeof toInvitation>;

/** The invitation mail (web/views/mail/invitation-*.eta), enqueued in the transaction that made the link. */
async function mailInvitation(trx: Db, mail: MailOutbox, site: Site, row: InvitationRow, token: string) {
  await mail.enqueue(trx, site.id, {
    to: row.email,
    template: 'invitation',
    values: {
      name: row.name,
      email: row.email,
      role: row.role,
      link: `${site.origin}${acceptPath(token)}`,
      expiresAt: toIso(row.expires_at)!,
    },
  });
}

/** Which invitations each resend operation reaches: students:write students, members:write staff. */
export const INVITATION_ROLES = {
  student: ['student'],
  staff: ['owner', 'admin', 'lecturer'],
} as const satisfies Record<string, readonly SiteRole[]>;

/**
 * OpenAPI resendStudentInvitation, resendMemberInvitation: a fresh link for a pending invitation,
 * mailed in the same transaction; the earlier link stops working. @throws NotFound, MailNotConfigured
 */
export async function resendInvitation(
  db: Db,
  mail: MailOutbox,
  site: Site,
  id: string,
  kind: keyof typeof INVITATION_ROLES,
  now = new Date(),
): Promise<Invitation> {
  if (!mail.available) throw new MailNotConfigured();
  return db.transaction().execute(async (trx) => {
    const token = randomSecret(TOKEN_PREFIX.invitation);
    const row = await renewPendingInvitation(trx, {
      siteId: site.id,
      id,
      roles: INVITATION_ROLES[kind],
      tokenHash: hashSecret(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_SECONDS * 1000),
    });
    if (!row) throw new NotFound('No pending invitation with that id at this school.');
    await mailInvitation(trx, mail, site, row, token);
    return toInvitation(row);
  });
}

/** How many pending invitations a list shows: a school waits on a few people at a time, not thousands. */
export const PENDING_INVITATIONS_SHOWN = 200;

/** The pending invitations of one kind (students, or staff), newest first, as the inviting school sees them. */
export async function pendingInvitations(db: Db, site: Site, kind: keyof typeof INVITATION_ROLES) {
  return (await listPendingInvitations(db, site.id, INVITATION_ROLES[kind], PENDING_INVITATIONS_SHOWN)).map(
    toInvitation,
  );
}

/**
 * Takes back a pending invitation: its link stops working at once, as a declined one does, and
 * the person gains nothing. @throws NotFound when no pending invitation of this kind has the id
 */
export async function cancelInvitation(
  db: Db,
  site: Site,
  id: string,
  kind: keyof typeof INVITATION_ROLES,
): Promise<{ id: string; email: string; role: SiteRole }> {
  const row = await cancelPendingInvitation(db, site.id, id, INVITATION_ROLES[kind]);
  if (!row) throw new NotFound('No pending invitation with that id at this school.');
  return { id: row.id, email: row.email, role: row.role };
}

export type InviteOutcome =
  { kind: 'member'; personId: string; created: boolean } | { kind: 'invited'; invitation: Invitation };

/** Adds `role` for someone who already belongs here; invites everyone else. */
export async function inviteToSchool(
  db: Db,
  mail: MailOutbox,
  site: Site,
  input: { email: string; name: string; role: SiteRole },
  now = new Date(),
): Promise<InviteOutcome> {
  return db.transaction().execute(async (trx) => {
    const existing = await findPersonByEmail(trx, input.email);
    if (existing && (await people.listRoles(trx, site.id, existing.id)).length > 0) {
      const created = await people.insertRole(trx, site.id, existing.id, input.role);
      if (created && input.role === 'student') await recordStudentCreated(trx, site.id, existing.id);
      return { kind: 'member', personId: existing.id, created };
    }
    // docs/operations.md "Mail": refused, never pretended, where no mail can leave.
    if (!mail.available) throw new MailNotConfigured();
    const token = randomSecret(TOKEN_PREFIX.invitation);
    const row = await upsertPendingInvitation(trx, {
      siteId: site.id,
      email: input.email,
      name: input.name,
      role: input.role,
      tokenHash: hashSecret(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_SECONDS * 1000),
    });
    await mailInvitation(trx, mail, site, row, token);
    return { kind: 'invited', invitation: toInvitation(row) };
  });
}

// docs/development.md "Page languages": what the person reads is a catalogue key (src/web/locales), said in the school's language.
export class InvitationUnavailable extends KeyedError {}
export class InvitationRefused extends KeyedError {}
export class InvitationThrottled extends Error {
  readonly decision: RateDecision;
  readonly policy: RatePolicyName;

  // No parameter properties: Node's type stripping does not support them.
  constructor(decision: RateDecision, policy: RatePolicyName) {
    super('Too many attempts.');
    this.decision = decision;
    this.policy = policy;
  }
}

export type InvitationDeps = { db: Db; rateLimiter: RateLimiter; audit: AuditLog };

/** The pending, unexpired invitation of this link at this school. */
export async function findOpenInvitation(db: Db, site: Site, token: string, now = new Date()): Promise<InvitationRow> {
  const row = await findInvitationByToken(db, site.id, hashSecret(token));
  if (!row || row.status !== 'pending' || row.expires_at <= now)
    throw new InvitationUnavailable(textKey('invitation.error.notValid'));
  return row;
}

/**
 * Accepts: proves the person (their password, or a first password for a new e-mail), then adds
 * the role and answers the invitation in one transaction. @returns the person's id
 */
export async function acceptInvitation(
  deps: InvitationDeps,
  site: Site,
  token: string,
  input: { password: string; name?: string },
  ip: string,
): Promise<string> {
  const invitation = await findOpenInvitation(deps.db, site, token);
  const attempt = await startSignInAttempt(deps.rateLimiter, invitation.email, ip);
  if (!attempt.allowed) throw new InvitationThrottled(attempt.decision, attempt.policy);
  const personId = await provePerson(deps.db, invitation, input);
  if (!personId) {
    await deps.audit.record({
      siteId: site.id,
      action: 'invitation.accept_failed',
      targetType: 'invitation',
      targetId: invitation.id,
      ip,
    });
    throw new InvitationRefused(textKey('invitation.error.wrongPassword'));
  }
  await attempt.succeeded();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await answerInvitation(trx, invitation.id, 'accepted', personId)))
      throw new InvitationUnavailable(textKey('invitation.error.answered'));
    // The invitation was mailed to this address and opened: the person holds it (OpenID Connect Core 5.1 email_verified).
    await markEmailVerified(trx, personId);
    const added = await people.insertRole(trx, site.id, personId, invitation.role);
    if (added && invitation.role === 'student') await recordStudentCreated(trx, site.id, personId);
  });
  await deps.audit.record({
    siteId: site.id,
    actorPersonId: personId,
    action: 'invitation.accepted',
    targetType: 'invitation',
    targetId: invitation.id,
    details: { role: invitation.role },
    ip,
  });
  return personId;
}

/** The identity the accepting person proved, or undefined. */
async function provePerson(
  db: Db,
  invitation: InvitationRow,
  input: { password: string; name?: string },
): Promise<string | undefined> {
  const existing = await findPersonByEmail(db, invitation.email);
  if (existing?.password_hash)
    return (await verifyPassword(input.password, existing.password_hash)) ? existing.id : undefined;
  // An identity without a password that some school knows is someone's: never claimed by a link.
  if (existing && (await hasAnyRole(db, existing.id))) return (await verifyAgainstDummy(input.password), undefined);
  if (input.password.length < PASSWORD_LENGTH.min || input.password.length > PASSWORD_LENGTH.max)
    throw new InvitationRefused(
      textKey('invitation.error.passwordLength', { min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max }),
    );
  const hash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const identity = await people.findOrInsertIdentity(
      trx,
      invitation.email,
      (input.name ?? '').trim() || invitation.name,
    );
    return (await insertFirstCredentials(trx, identity.id, hash)) ? identity.id : undefined;
  });
}

/** Declines: the invitation ends and nothing is added. Holding the link is enough to say no. */
export async function declineInvitation(deps: InvitationDeps, site: Site, token: string, ip: string): Promise<void> {
  const invitation = await findOpenInvitation(deps.db, site, token);
  await answerInvitation(deps.db, invitation.id, 'declined', null);
  await deps.audit.record({
    siteId: site.id,
    action: 'invitation.declined',
    targetType: 'invitation',
    targetId: invitation.id,
    ip,
  });
}
