// SQL for reading forms and their submissions. Every statement is scoped by site_id: another
// school's form is a 404 and its submissions are never read (OpenAPI response NotFound).
import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { FormSubmissionsTable, FormsTable } from '../schema.ts';
import type { Keyset, SortSpec } from '../../admin/keyset.ts';
import { afterKeyset, exactTime } from './keyset-after.ts';

export type FormRow = Selectable<FormsTable> & { submission_count: number; created_at_exact: string };
export type SubmissionRow = Selectable<FormSubmissionsTable> & { created_at_exact: string };

const SORTABLE = { created_at: 'created_at', title: 'title' } as const;

function selectForms(db: Db, siteId: string) {
  return db
    .selectFrom('forms as f')
    .selectAll('f')
    .select((eb) => [
      exactTime('f.created_at').as('created_at_exact'),
      eb.selectFrom('form_submissions as s').select(eb.fn.countAll<number>().as('n')).whereRef('s.form_id', '=', 'f.id').where('s.site_id', '=', siteId).as('submission_count'),
    ])
    .where('f.site_id', '=', siteId);
}

export async function listForms(db: Db, siteId: string, query: { limit: number; after: Keyset | null; sort: SortSpec; search?: string | undefined }): Promise<FormRow[]> {
  const column = SORTABLE[query.sort.column as keyof typeof SORTABLE] ?? 'created_at';
  let q = selectForms(db, siteId);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('f.title', 'ilike', pattern), eb('f.description', 'ilike', pattern)]));
  }
  if (query.after) q = q.where(afterKeyset(`f.${column}`, 'f.id', query.sort, query.after, column === 'created_at' ? 'time' : 'text'));
  const rows = await q.orderBy(`f.${column}`, query.sort.direction).orderBy('f.id', query.sort.direction).limit(query.limit + 1).execute();
  return rows as FormRow[];
}

export async function findForm(db: Db, siteId: string, id: string): Promise<FormRow | undefined> {
  return (await selectForms(db, siteId).where('f.id', '=', id).executeTakeFirst()) as FormRow | undefined;
}

export async function listSubmissions(
  db: Db,
  siteId: string,
  formId: string,
  query: { limit: number; after: Keyset | null; sort: SortSpec; personId?: string | undefined; createdAfter?: string | undefined; createdBefore?: string | undefined },
): Promise<SubmissionRow[]> {
  let q = db
    .selectFrom('form_submissions')
    .selectAll()
    .select(exactTime('created_at').as('created_at_exact'))
    .where('site_id', '=', siteId)
    .where('form_id', '=', formId);
  if (query.personId) q = q.where('person_id', '=', query.personId);
  if (query.createdAfter) q = q.where('created_at', '>=', new Date(query.createdAfter));
  if (query.createdBefore) q = q.where('created_at', '<', new Date(query.createdBefore));
  if (query.after) q = q.where(afterKeyset('created_at', 'id', query.sort, query.after, 'time'));
  return q.orderBy('created_at', query.sort.direction).orderBy('id', query.sort.direction).limit(query.limit + 1).execute();
}
