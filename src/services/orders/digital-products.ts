// Rules of the admin API's digital products (OpenAPI tag Digital products): drafts by
// default, explicit publish and archive, slugs unique per school, prices in the school's currency
// unless given, and a file that is one of this school's uploads. Only a product with a file can be
// published, and a published one keeps it: buyers must always get something to download.
import type { Db } from '../../db/database.ts';
import * as repo from '../../db/repositories/digital-products.ts';
import type { DigitalProductRow } from '../../db/repositories/digital-products.ts';
import { findStoredFile } from '../../db/repositories/stored-files.ts';
import type { DigitalProductStatus } from '../../db/schema.ts';
import { mapIntegrityError } from '../integrity-errors.ts';
import { NotFound, Conflict, RuleViolation } from '../errors.ts';
import { slugify } from '../../lib/slug.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from '../school/sites.ts';
import { priceOf } from '../row-fields.ts';
import { withSanitizedHtml } from '../../lib/rich-text.ts';
import { listWindow, pageOf, type ListQuery } from '../list-window.ts';
import { fileUrl } from '../uploads/storage.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type DigitalProductInput = {
  name?: string;
  slug?: string;
  description?: string | null;
  price?: { amount: number; currency: string };
  file_id?: string | null;
};

const UNIQUE_FIELDS = { digital_products_site_id_slug_key: 'slug' };
const missing = () => new NotFound('No digital product with that id at this school.');

export function toDigitalProduct(site: Site, row: DigitalProductRow) {
  const file = row.file_id && row.file_filename !== null ? { id: row.file_id, filename: row.file_filename } : null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: priceOf(row),
    status: row.status,
    file: file
      ? { ...file, content_type: row.file_content_type!, size_bytes: row.file_size_bytes!, url: fileUrl(site, file) }
      : null,
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export function createDigitalProductAdmin(db: Db, cursors: CursorCodec) {
  async function mustFind(site: Site, id: string): Promise<DigitalProductRow> {
    const row = await repo.findDigitalProduct(db, site.id, id);
    if (!row) throw missing();
    return row;
  }

  async function columnsOf(site: Site, input: DigitalProductInput) {
    // OpenAPI "School text and HTML": the description is school HTML, sanitised on every write (lib/rich-text.ts).
    const { price, file_id: fileId, ...rest } = withSanitizedHtml(input, ['description']);
    if (fileId && !(await findStoredFile(db, site.id, fileId)))
      throw RuleViolation.at('/body/file_id', 'is not a file uploaded to this school');
    return {
      ...rest,
      ...(fileId !== undefined ? { file_id: fileId } : {}),
      ...(price ? { price_amount: price.amount, currency: price.currency } : {}),
    };
  }

  async function setStatus(
    site: Site,
    id: string,
    status: DigitalProductStatus,
  ): Promise<ReturnType<typeof toDigitalProduct>> {
    const product = await mustFind(site, id);
    if (product.status === status) return toDigitalProduct(site, product);
    if (status === 'published' && !product.file_filename)
      throw new RuleViolation('A product without a file cannot be published; attach one first.');
    // Compare-and-set on the status read (and, to publish, on a file): a concurrent change is read again and judged.
    const changed = await repo.updateDigitalProduct(db, site.id, id, { status }, [product.status], {
      withFile: status === 'published',
    });
    return changed ? toDigitalProduct(site, await mustFind(site, id)) : setStatus(site, id, status);
  }

  return {
    async list(site: Site, query: ListQuery & { q?: string; status?: DigitalProductStatus }) {
      const window = listWindow(cursors, 'digital-products', query, repo.PRODUCT_SORTS, '-created_at');
      const rows = await repo.listDigitalProducts(db, site.id, window, { status: query.status, search: query.q });
      return pageOf(
        rows,
        window,
        (row) => row.sort_key,
        (row) => toDigitalProduct(site, row),
      );
    },
    async get(site: Site, id: string) {
      return toDigitalProduct(site, await mustFind(site, id));
    },
    async create(site: Site, input: DigitalProductInput & { name: string }) {
      const columns = await columnsOf(site, input);
      const id = await repo
        .insertDigitalProduct(db, {
          site_id: site.id,
          currency: site.currency,
          ...columns,
          name: input.name,
          slug: input.slug ?? slugify(input.name),
        })
        .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A digital product'));
      return toDigitalProduct(site, await mustFind(site, id));
    },
    async update(site: Site, id: string, input: DigitalProductInput) {
      const product = await mustFind(site, id);
      if (input.file_id === null && product.status === 'published')
        throw RuleViolation.at('/body/file_id', 'a published product keeps its file; archive it first');
      const columns = await columnsOf(site, input);
      await repo
        .updateDigitalProduct(db, site.id, id, columns)
        .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A digital product'));
      return toDigitalProduct(site, await mustFind(site, id));
    },
    publish: (site: Site, id: string) => setStatus(site, id, 'published'),
    archive: (site: Site, id: string) => setStatus(site, id, 'archived'),
    async remove(site: Site, id: string): Promise<void> {
      await mustFind(site, id);
      if (await repo.isDigitalProductSold(db, site.id, id))
        throw new Conflict('This digital product appears on orders and cannot be deleted; archive it instead.');
      if (!(await repo.deleteDigitalProduct(db, site.id, id))) throw missing();
    },
  };
}

export type DigitalProductAdmin = ReturnType<typeof createDigitalProductAdmin>;
