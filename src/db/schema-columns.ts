// Column types every table file shares (schema.ts, schema-oauth.ts, schema-invitations.ts). They
// live apart from the Database type that joins the table files, so that a table file never imports
// the module that imports it.
import type { ColumnType, Generated } from 'kysely';

/** A timestamp the database fills in (created_at, updated_at, enrolled_at, ...). */
export type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A required timestamp without default. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** An optional timestamp; null means "not yet" (published_at, completed_at, ...). */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** UUIDv7 primary key from uuid_v7(): sorts by creation time. */
export type Id = Generated<string>;

export type SiteRole = 'owner' | 'admin' | 'lecturer' | 'student';
