// Reading forms and their submissions (scope forms:read; OpenAPI tag Forms). Lists of
// forms stay light (counts, no fields); a form's fields come with getForm. Submissions are newest
// first and their values are passed through as submitted: untrusted user content (the spec says
// so on `data`). The schema has no webhook_url column, so forms carry none.
import type { Db } from '../../db/database.ts';
import * as repo from '../../db/repositories/forms.ts';
import type { FormRow, SubmissionRow } from '../../db/repositories/forms.ts';
import { NotFound } from '../errors.ts';
import { listWindow, pageOf } from '../list-window.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from './sites.ts';
import { checkCreatedRange } from '../created-range.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export function toFormSummary(row: FormRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    field_count: row.fields.length,
    submission_count: Number(row.submission_count),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export function toForm(row: FormRow) {
  return {
    ...toFormSummary(row),
    fields: row.fields.map((f) => ({ name: f.name, label: f.label, type: f.type, required: f.required })),
  };
}

export function toSubmission(row: SubmissionRow) {
  return {
    id: row.id,
    form_id: row.form_id,
    person_id: row.person_id,
    data: row.data,
    created_at: toIso(row.created_at)!,
  };
}

export function createFormAdmin(db: Db, cursors: CursorCodec) {
  async function mustFind(site: Site, id: string): Promise<FormRow> {
    const row = await repo.findForm(db, site.id, id);
    if (!row) throw new NotFound('No form with that id at this school.');
    return row;
  }

  return {
    async list(site: Site, query: { limit?: number; cursor?: string; q?: string; sort?: string }) {
      const window = listWindow(cursors, 'forms', query, repo.FORM_SORTS, '-created_at');
      const { sort } = window;
      const rows = await repo.listForms(db, site.id, { ...window, search: query.q });
      return pageOf(rows, window, (row) => (sort.column === 'title' ? row.title : row.created_at_exact), toFormSummary);
    },
    async get(site: Site, id: string) {
      return toForm(await mustFind(site, id));
    },
    async listSubmissions(
      site: Site,
      formId: string,
      query: {
        limit?: number;
        cursor?: string;
        person_id?: string;
        created_after?: string;
        created_before?: string;
        sort?: string;
      },
    ) {
      checkCreatedRange(query);
      await mustFind(site, formId);
      const window = listWindow(cursors, 'form-submissions', query, { created_at: 'time' }, '-created_at');
      const rows = await repo.listSubmissions(db, site.id, formId, {
        ...window,
        personId: query.person_id,
        createdAfter: query.created_after,
        createdBefore: query.created_before,
      });
      return pageOf(rows, window, (row) => row.created_at_exact, toSubmission);
    },
  };
}

export type FormAdmin = ReturnType<typeof createFormAdmin>;
