// The access trail (docs/operations.md "Access trail"): who signed in as whom, with which
// application, when, and what ended their access. Every recorder writes through here, with a kind
// and reason from the closed lists of auth-event-kinds.ts; a change that has a transaction passes
// it, so the event commits or rolls back with the change it describes. Never stored: a typed
// password, a typed e-mail address (a failed sign-in keeps its reason class only), a token.
import type { Db } from '../../db/database.ts';
import {
  insertAuthEvents,
  insertGrantRevocations,
  liveGrantIdsOfClient,
  listAuthEvents,
  type AuthEventRow,
} from '../../db/repositories/auth-events.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';
import { InvalidInput } from '../errors.ts';
import { listWindow, pageOf, type ListQuery } from '../list-window.ts';
import {
  REASONS_OF_KIND,
  revocationReasonOfCause,
  type AuthEventKind,
  type RevocationReason,
} from './auth-event-kinds.ts';

export type AuthEvent = {
  siteId: string;
  kind: AuthEventKind;
  personId?: string | null;
  /** The OAuth client_id (text), kept after the client is removed. */
  clientId?: string | null;
  grantId?: string | null;
  reason?: string | null;
  actorPersonId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
};

/** Who ended grants, why and from where: the trail's grant.revoked entries. */
export type Revocation = { reason: RevocationReason; actorPersonId?: string | null; ip?: string | null };

function checkReason(kind: AuthEventKind, reason: string | null | undefined): void {
  const allowed = REASONS_OF_KIND[kind];
  if (reason == null) return;
  // A reason outside the kind's list is a mistake in the code that records it, never in a request.
  if (!allowed?.includes(reason)) throw new Error(`auth event ${kind} has no reason ${reason}`);
}

/**
 * Writes one event of the trail; pass the transaction of the change it describes where there is one.
 * The function the password-reset and e-mail-change flows call (`password.reset`, `email.changed`).
 */
export async function recordAuthEvent(db: Db, event: AuthEvent): Promise<void> {
  checkReason(event.kind, event.reason);
  await insertAuthEvents(db, [event]);
}

/** One grant.revoked event for each of these grants (call it in the transaction that revoked them). */
export async function recordGrantsRevoked(db: Db, grantIds: readonly string[], by: Revocation): Promise<void> {
  checkReason('grant.revoked', by.reason);
  await insertGrantRevocations(db, grantIds, by);
}

/**
 * A client about to be deleted ends every grant of it (the foreign keys cascade): one event for each
 * of its live grants, written first, while the grants can still be read. `siteId` null: a vendor
 * integration, whose grants are at every school (each event goes to its grant's school).
 */
export async function recordClientRemoval(
  db: Db,
  siteId: string | null,
  clientRowId: string,
  by: Omit<Revocation, 'reason'>,
): Promise<void> {
  await recordGrantsRevoked(db, await liveGrantIdsOfClient(db, siteId, clientRowId), {
    ...by,
    reason: 'client_removed',
  });
}

/**
 * RFC 9700 4.14.2, RFC 6749 4.1.2: a reused refresh token (refresh.reuse_detected) or code, and the
 * end of the grant it caused (grant.revoked, reuse_detected) when this reuse ended it.
 */
export async function recordReuse(
  db: Db,
  reuse: { siteId: string; grantId: string; personId: string; clientId: string; refresh: boolean; ended: boolean },
  from: { ip: string | null; userAgent?: string | null },
): Promise<void> {
  const who = { siteId: reuse.siteId, personId: reuse.personId, clientId: reuse.clientId, grantId: reuse.grantId };
  if (reuse.refresh) await recordAuthEvent(db, { ...who, ...from, kind: 'refresh.reuse_detected' });
  if (reuse.ended) await recordGrantsRevoked(db, [reuse.grantId], { reason: 'reuse_detected', ip: from.ip });
}

/** The trail's reason for grants ended by reconcileGrants, from the cause it was given. */
export function revocationOfCause(cause: { reason: string; actorPersonId?: string | null; ip?: string | null }) {
  return { reason: revocationReasonOfCause(cause.reason), actorPersonId: cause.actorPersonId, ip: cause.ip };
}

/** An event as the admin API and the admin area show it (OpenAPI AuthEvent). */
export type AuthEventView = {
  id: string;
  occurred_at: string;
  kind: AuthEventKind;
  person_id: string | null;
  person_email: string | null;
  client_id: string | null;
  reason: string | null;
  actor_person_id: string | null;
  actor_email: string | null;
  ip: string | null;
  user_agent: string | null;
};

export function viewOf(row: AuthEventRow): AuthEventView {
  return {
    id: row.id,
    occurred_at: row.occurred_at.toISOString(),
    kind: row.kind as AuthEventKind, // written only from the closed list
    person_id: row.person_id,
    person_email: row.person_email,
    client_id: row.client_id,
    reason: row.reason,
    actor_person_id: row.actor_person_id,
    actor_email: row.actor_email,
    ip: row.ip,
    user_agent: row.user_agent,
  };
}

export type AuthEventQuery = ListQuery & {
  person_id?: string | undefined;
  client_id?: string | undefined;
  kind?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
};

/** The filters as the repository reads them; an inverted range is the request's mistake (400). */
function filterOf(query: AuthEventQuery) {
  const since = query.since ? new Date(query.since) : undefined;
  const until = query.until ? new Date(query.until) : undefined;
  const bad: { pointer: string; detail: string }[] = [];
  if (since && Number.isNaN(since.getTime())) bad.push({ pointer: '/query/since', detail: 'must be a date-time' });
  if (until && Number.isNaN(until.getTime())) bad.push({ pointer: '/query/until', detail: 'must be a date-time' });
  if (bad.length) throw new InvalidInput(bad);
  if (since && until && until < since)
    throw new InvalidInput([{ pointer: '/query/until', detail: 'must not be earlier than since' }]);
  return { personId: query.person_id, clientId: query.client_id, kind: query.kind, since, until };
}

export function createAuthEventReader(db: Db, cursors: CursorCodec) {
  return {
    /**
     * One page of a school's trail, newest first (`{ data, next_cursor }`).
     * @throws InvalidInput for an inverted or unreadable time range; InvalidCursor for a cursor not issued here
     */
    async list(siteId: string, query: AuthEventQuery): Promise<{ data: AuthEventView[]; next_cursor: string | null }> {
      const filter = filterOf(query);
      const window = listWindow(cursors, 'auth-events', query, { occurred_at: 'time' }, '-occurred_at');
      return pageOf(await listAuthEvents(db, siteId, filter, window), window, (row) => row.t, viewOf);
    },
  };
}

export type AuthEventReader = ReturnType<typeof createAuthEventReader>;
