// SQL for the admin API's digital products, each read with its attached file's name, type and
// size. Every statement is scoped by site_id: another school's product is as absent as one that
// never existed (OpenAPI response NotFound: 404, never its data).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { DigitalProductsTable, DigitalProductStatus } from '../schema.ts';
import { keyset, sortColumn, type KeysetPage, type Sortable } from '../pagination/keyset.ts';
import { likePattern } from './sql-helpers.ts';

export type DigitalProductRow = Selectable<DigitalProductsTable> & {
  file_filename: string | null;
  file_content_type: string | null;
  file_size_bytes: number | null;
};

export const PRODUCT_SORTS: Sortable = { created_at: 'time', name: 'text' };

function selectProducts(db: Db, siteId: string) {
  return db
    .selectFrom('digital_products as d')
    .leftJoin('stored_files as f', (join) => join.onRef('f.id', '=', 'd.file_id').onRef('f.site_id', '=', 'd.site_id'))
    .selectAll('d')
    .select(['f.filename as file_filename', 'f.content_type as file_content_type', 'f.size_bytes as file_size_bytes'])
    .where('d.site_id', '=', siteId);
}

export async function listDigitalProducts(
  db: Db,
  siteId: string,
  window: KeysetPage,
  filters: { status?: DigitalProductStatus | undefined; search?: string | undefined },
): Promise<Array<DigitalProductRow & { sort_key: string | number }>> {
  const { value, orderBy, after } = keyset(sortColumn(PRODUCT_SORTS, window.sort, 'd'), 'd.id', window);
  let q = selectProducts(db, siteId).select(value.as('sort_key'));
  if (filters.status) q = q.where('d.status', '=', filters.status);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) => eb.or([eb('d.name', 'ilike', pattern), eb('d.slug', 'ilike', pattern)]));
  }
  if (after) q = q.where(after);
  return q
    .orderBy(orderBy)
    .limit(window.limit + 1)
    .execute();
}

export async function findDigitalProduct(db: Db, siteId: string, id: string): Promise<DigitalProductRow | undefined> {
  return selectProducts(db, siteId).where('d.id', '=', id).executeTakeFirst();
}

export async function insertDigitalProduct(db: Db, product: Insertable<DigitalProductsTable>): Promise<string> {
  const row = await db.insertInto('digital_products').values(product).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDigitalProduct(
  db: Db,
  siteId: string,
  id: string,
  changes: Updateable<DigitalProductsTable>,
  /** Only from these statuses: a status change is one conditional statement, so concurrent ones cannot undo each other. */
  from?: readonly DigitalProductStatus[],
  /** Only while it has a file: a product is published with something to download. */
  guard: { withFile?: boolean } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('digital_products')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .$if(from !== undefined, (q) => q.where('status', 'in', from!))
    .$if(guard.withFile === true, (q) => q.where('file_id', 'is not', null))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Order items name what they sold without a foreign key (schema: item_id is polymorphic). */
export async function isDigitalProductSold(db: Db, siteId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_items')
    .select('id')
    .where('site_id', '=', siteId)
    .where('item_type', '=', 'digital_product')
    .where('item_id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteDigitalProduct(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('digital_products')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
