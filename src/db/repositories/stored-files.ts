// SQL for uploaded files (stored_files). Scoped by site_id like every admin statement: another
// school's file is as absent as one never uploaded, for reading it and for attaching it.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { StoredFilesTable } from '../schema.ts';

export type StoredFileRow = Selectable<StoredFilesTable>;

export async function insertStoredFile(db: Db, file: Insertable<StoredFilesTable>): Promise<StoredFileRow> {
  return db.insertInto('stored_files').values(file).returningAll().executeTakeFirstOrThrow();
}

export async function findStoredFile(db: Db, siteId: string, id: string): Promise<StoredFileRow | undefined> {
  return db
    .selectFrom('stored_files')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
}
