// Table types of the invitations to a school (migrations 2026-11-25T0005, 2026-12-06T0901).
import type { Generated } from 'kysely';
import type { DefaultedTimestamp, Id, NullableTimestamp, SiteRole, Timestamp } from './schema-columns.ts';

export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'cancelled';

export interface SchoolInvitationsTable {
  id: Id;
  site_id: string;
  email: string;
  name: string;
  role: SiteRole;
  token_hash: string;
  status: Generated<InvitationStatus>;
  person_id: string | null;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  answered_at: NullableTimestamp;
}

export interface InvitationTables {
  school_invitations: SchoolInvitationsTable;
}
