// An invitation the school takes back before it is answered: `cancelled`, kept (not deleted) so the
// audit log's entry still names a row, and its accept link stops working like a declined one.
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table school_invitations drop constraint school_invitations_status_check`.execute(db);
  await sql`alter table school_invitations add constraint school_invitations_status_check
    check (status in ('pending', 'accepted', 'declined', 'cancelled'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update school_invitations set status = 'declined' where status = 'cancelled'`.execute(db);
  await sql`alter table school_invitations drop constraint school_invitations_status_check`.execute(db);
  await sql`alter table school_invitations add constraint school_invitations_status_check
    check (status in ('pending', 'accepted', 'declined'))`.execute(db);
}
