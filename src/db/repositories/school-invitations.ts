// SQL of the invitations to a school (OpenAPI inviteStudent and inviteMember). Every statement is scoped by site_id, or
// by the accept link's digest, which names one invitation of one school.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { SiteRole } from '../schema.ts';
import type { InvitationStatus } from '../schema-invitations.ts';

export type InvitationRow = {
  id: string;
  site_id: string;
  email: string;
  name: string;
  role: SiteRole;
  status: InvitationStatus;
  created_at: Date;
  expires_at: Date;
};

const COLUMNS = ['id', 'site_id', 'email', 'name', 'role', 'status', 'created_at', 'expires_at'] as const;

/**
 * The pending invitation of this e-mail to this role here, with a fresh accept link (and the name
 * typed this time): inviting again re-sends, since only the digest of an earlier link is kept.
 */
export async function upsertPendingInvitation(
  db: Db,
  input: { siteId: string; email: string; name: string; role: SiteRole; tokenHash: string; expiresAt: Date },
): Promise<InvitationRow> {
  const { rows } = await sql<InvitationRow>`
    insert into school_invitations (site_id, email, name, role, token_hash, expires_at)
    values (${input.siteId}, ${input.email}, ${input.name}, ${input.role}, ${input.tokenHash}, ${input.expiresAt})
    on conflict (site_id, email, role) where status = 'pending'
    do update set token_hash = excluded.token_hash, expires_at = excluded.expires_at, name = excluded.name
    returning ${sql.join(COLUMNS.map((c) => sql.ref(c)))}`.execute(db);
  return rows[0]!;
}

/**
 * A fresh accept link for the pending invitation `id` here to one of `roles` (resending): the earlier
 * link's digest is replaced, so it stops working. Undefined when no such pending invitation exists.
 */
export async function renewPendingInvitation(
  db: Db,
  input: { siteId: string; id: string; roles: readonly SiteRole[]; tokenHash: string; expiresAt: Date },
): Promise<InvitationRow | undefined> {
  return db
    .updateTable('school_invitations')
    .set({ token_hash: input.tokenHash, expires_at: input.expiresAt })
    .where('site_id', '=', input.siteId)
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .where('role', 'in', input.roles)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function findInvitationByToken(
  db: Db,
  siteId: string,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('school_invitations')
    .select(COLUMNS)
    .where('site_id', '=', siteId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Answers a pending invitation once; false when it was answered already (a concurrent answer won). */
export async function answerInvitation(
  db: Db,
  id: string,
  status: Exclude<InvitationStatus, 'pending'>,
  personId: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('school_invitations')
    .set({ status, person_id: personId, answered_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the first password of an identity that has none; false when it has one (never overwritten). */
export async function insertFirstCredentials(db: Db, personId: string, passwordHash: string): Promise<boolean> {
  const row = await db
    .insertInto('credentials')
    .values({ person_id: personId, password_hash: passwordHash })
    .onConflict((oc) => oc.column('person_id').doNothing())
    .returning('person_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the identity holds a role at any school (then it is someone's, and only its owner may set a password). */
export async function hasAnyRole(db: Db, personId: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('site_roles')
      .select('person_id')
      .where('person_id', '=', personId)
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

/** The pending invitations here to one of `roles`, newest first (expired ones too: they can be resent). */
export async function listPendingInvitations(
  db: Db,
  siteId: string,
  roles: readonly SiteRole[],
  limit: number,
): Promise<InvitationRow[]> {
  return db
    .selectFrom('school_invitations')
    .select(COLUMNS)
    .where('site_id', '=', siteId)
    .where('status', '=', 'pending')
    .where('role', 'in', roles)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Ends the pending invitation `id` here to one of `roles`; undefined when there is none. */
export async function cancelPendingInvitation(
  db: Db,
  siteId: string,
  id: string,
  roles: readonly SiteRole[],
): Promise<InvitationRow | undefined> {
  return db
    .updateTable('school_invitations')
    .set({ status: 'cancelled', answered_at: new Date() })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('role', 'in', roles)
    .returning(COLUMNS)
    .executeTakeFirst();
}
