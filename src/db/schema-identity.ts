// Table types of the one-time links mailed to a person (migration 2026-12-06T0302-person-links).
import type { DefaultedTimestamp, Id, NullableTimestamp, Timestamp } from './schema-columns.ts';

export type PersonLinkPurpose = 'password_reset' | 'email_change' | 'email_verify';

export interface PersonLinksTable {
  id: Id;
  person_id: string;
  site_id: string;
  purpose: PersonLinkPurpose;
  token_hash: string;
  new_email: string | null;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface IdentityTables {
  person_links: PersonLinksTable;
}
