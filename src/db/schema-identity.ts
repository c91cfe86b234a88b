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

/** A page's one-time message after a redirect (migration 2026-12-06T1101-area-flashes). */
export interface AreaFlashesTable {
  /** hashSecret of the token in the redirect's URL. */
  id: string;
  session_id: string;
  /** encryptJson with a key derived from the token: unreadable without the URL. */
  payload: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
}

export interface IdentityTables {
  person_links: PersonLinksTable;
  area_flashes: AreaFlashesTable;
}
