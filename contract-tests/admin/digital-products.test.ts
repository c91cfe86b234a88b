// Digital products through the generated client (digital_products:read, :write;
// OpenAPI tag Digital products: price, slug, published state, an attached uploaded file).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { operatorToken } from '../support/tokens.ts';
import { PDF, pointersOf, upload, uploadedImage } from './content-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('digital products (digital_products:read, digital_products:write)', () => {
  let client: ReturnType<typeof adminClient>;
  let pdf: NonNullable<Awaited<ReturnType<typeof upload>>['data']>;
  beforeAll(async () => {
    client = adminClient(
      origin,
      await operatorToken(origin, 'digital_products:read digital_products:write storage:write'),
    );
    pdf = (await upload(client, PDF, 'workbook.pdf')).data!;
  });

  it('creates a draft in the school currency with its uploaded file described and linked', async () => {
    const { data, response } = await sdk.createDigitalProduct({
      client,
      body: { name: `Workbook ${Date.now()}`, file_id: pdf.id },
    });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      status: 'draft',
      price: { amount: 0, currency: 'USD' },
      file: {
        id: pdf.id,
        filename: 'workbook.pdf',
        content_type: 'application/pdf',
        size_bytes: pdf.size_bytes,
        url: pdf.url,
      },
    });
    expect(data!.slug).toMatch(/^workbook-\d+$/);
  });

  it('lists products with filters and pages, the seeded one with its file', async () => {
    const list = await sdk.listDigitalProducts({ client, query: { status: 'published', limit: 100 } });
    expect(list.response.status).toBe(200);
    expect(list.data!.data.find((p) => p.slug === 'web-dev-cheat-sheets')).toMatchObject({
      price: { amount: 900 },
      file: { filename: 'web-dev-cheat-sheets.pdf' },
    });
    const first = await sdk.listDigitalProducts({ client, query: { limit: 1, sort: 'name' } });
    expect(first.data!.next_cursor).toBeTypeOf('string');
    const second = await sdk.listDigitalProducts({
      client,
      query: { limit: 1, sort: 'name', cursor: first.data!.next_cursor! },
    });
    expect(second.data!.data[0]!.name >= first.data!.data[0]!.name).toBe(true);
  });

  it('publishes only with a file (422 without), archives, keeps the file of a published product, deletes', async () => {
    const product = (
      await sdk.createDigitalProduct({
        client,
        body: { name: `Bundle ${randomUUID()}`, price: { amount: 1200, currency: 'USD' } },
      })
    ).data!;
    const bare = await sdk.publishDigitalProduct({ client, path: { digital_product_id: product.id } });
    expect(bare.response.status).toBe(422);
    await sdk.updateDigitalProduct({ client, path: { digital_product_id: product.id }, body: { file_id: pdf.id } });
    expect((await sdk.publishDigitalProduct({ client, path: { digital_product_id: product.id } })).data!.status).toBe(
      'published',
    );
    expect(
      (await sdk.publishDigitalProduct({ client, path: { digital_product_id: product.id } })).response.status,
    ).toBe(200);
    const detach = await sdk.updateDigitalProduct({
      client,
      path: { digital_product_id: product.id },
      body: { file_id: null },
    });
    expect(detach.response.status).toBe(422);
    expect(pointersOf(detach.error)).toEqual(['/body/file_id']);
    expect((await sdk.archiveDigitalProduct({ client, path: { digital_product_id: product.id } })).data!.status).toBe(
      'archived',
    );
    expect((await sdk.getDigitalProduct({ client, path: { digital_product_id: product.id } })).data!.status).toBe(
      'archived',
    );
    expect((await sdk.deleteDigitalProduct({ client, path: { digital_product_id: product.id } })).response.status).toBe(
      204,
    );
  });

  it('a product on an order cannot be deleted (409, archive instead); a duplicate slug is 409', async () => {
    const sold = (await sdk.listDigitalProducts({ client, query: { q: 'web-dev-cheat-sheets' } })).data!.data[0]!;
    expect((await sdk.deleteDigitalProduct({ client, path: { digital_product_id: sold.id } })).response.status).toBe(
      409,
    );
    const twin = await sdk.createDigitalProduct({ client, body: { name: 'Twin', slug: 'web-dev-cheat-sheets' } });
    expect(twin.response.status).toBe(409);
    expect(pointersOf(twin.error)).toEqual(['/body/slug']);
  });

  it('a file that is not this school’s is 422; invalid input is 400 with a pointer', async () => {
    const unknown = await sdk.createDigitalProduct({ client, body: { name: 'Ghost', file_id: randomUUID() } });
    expect(unknown.response.status).toBe(422);
    expect(pointersOf(unknown.error)).toEqual(['/body/file_id']);
    const invalid = await sdk.createDigitalProduct({
      client,
      body: { name: 'Cheap', price: { amount: -1, currency: 'USD' } },
    });
    expect(invalid.response.status).toBe(400);
    expect(pointersOf(invalid.error)).toEqual(['/body/price/amount']);
  });

  it.skipIf(!secondary)("another school's product is 404 and its file cannot be attached here (422)", async () => {
    const other = adminClient(
      secondary,
      await operatorToken(secondary, 'digital_products:read storage:write', ACCOUNTS.secondSchoolOwner),
    );
    const theirs = (await sdk.listDigitalProducts({ client: other, query: { limit: 1 } })).data!.data[0]!;
    const response = await sdk.getDigitalProduct({ client, path: { digital_product_id: theirs.id } });
    expect(response.response.status).toBe(404);
    expect(JSON.stringify(response.error)).not.toContain(theirs.name);
    const theirFile = await uploadedImage(other, 'cover.png');
    const attach = await sdk.createDigitalProduct({ client, body: { name: 'Borrowed', file_id: theirFile.id } });
    expect(attach.response.status).toBe(422);
  });
});
