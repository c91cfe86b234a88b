// SQL for reading forms and their submissions. Every statement is scoped by site_id: another
// school's form is a 404 and its submissions are never read (OpenAPI response NotFound).
import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { FormSubmissionsTable, FormsTable } from '../schema.ts';
import { columnKey, keyset, sortColumn, timeText, type KeysetPage } from '../pagination/keyset.ts';

export type FormRow = Selectable<FormsTable> & { submission_count: number; created_at_exact: string };
export type SubmissionRow = Selectable<FormSubmissionsTable> & { created_at_exact: string };

export const FORM_SORTS = { created_at: 'time', title: 'text' } as const;

function selectForms(db: Db, siteId: string) {
  return db
    .selectFrom('forms as f')
    .selectAll('f')
    .select((eb) => [
      timeText('f.created_at').as('created_at_exact'),
      eb
        .selectFrom('form_submissions as s')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('s.form_id', '=', 'f.id')
        .where('s.site_id', '=', siteId)
        .as('submission_count'),
    ])
    .where('f.site_id', '=', siteId);
}

export async function listForms(
  db: Db,
  siteId: string,
  query: KeysetPage & { search?: string | undefined },
): Promise<FormRow[]> {
  let q = selectForms(db, siteId);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('f.title', 'ilike', pattern), eb('f.description', 'ilike', pattern)]));
  }
  const page = keyset(sortColumn(FORM_SORTS, query.sort, 'f'), 'f.id', query);
  if (page.after) q = q.where(page.after);
  const rows = await q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
  return rows as FormRow[];
}

export async function findForm(db: Db, siteId: string, id: string): Promise<FormRow | undefined> {
  return (await selectForms(db, siteId).where('f.id', '=', id).executeTakeFirst()) as FormRow | undefined;
}

export async function listSubmissions(
  db: Db,
  siteId: string,
  formId: string,
  query: KeysetPage & {
    personId?: string | undefined;
    createdAfter?: string | undefined;
    createdBefore?: string | undefined;
  },
): Promise<SubmissionRow[]> {
  let q = db
    .selectFrom('form_submissions')
    .selectAll()
    .select(timeText('created_at').as('created_at_exact'))
    .where('site_id', '=', siteId)
    .where('form_id', '=', formId);
  if (query.personId) q = q.where('person_id', '=', query.personId);
  if (query.createdAfter) q = q.where('created_at', '>=', new Date(query.createdAfter));
  if (query.createdBefore) q = q.where('created_at', '<', new Date(query.createdBefore));
  const page = keyset(columnKey('created_at', 'time'), 'id', query);
  if (page.after) q = q.where(page.after);
  return q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
}
