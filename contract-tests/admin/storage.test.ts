// Uploads through the generated client and downloads over plain HTTP (storage:write;
// OpenAPI tag Storage): types are sniffed from the bytes, active content is refused, limits
// answer 413/400 and never 500, and a served file can never act as a page of the school's origin.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getFile } from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { operatorToken } from '../support/tokens.ts';
import { PDF, PNG, pointersOf, upload } from './content-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const TEN_MB = 10 * 1024 * 1024;

describe('storage (storage:write)', () => {
  let client: ReturnType<typeof adminClient>;
  let token: string;
  beforeAll(async () => {
    token = await operatorToken(origin, 'storage:write');
    client = adminClient(origin, token);
  });

  it('stores a PNG with its sha256 and serves it back with nosniff and a sandbox CSP', async () => {
    const { data, response } = await upload(client, PNG, 'My Logo (final).PNG', 'image/png');
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      filename: 'My-Logo-final.png',
      content_type: 'image/png',
      size_bytes: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
    });
    expect(data!.url).toBe(`${origin}/files/${data!.id}/My-Logo-final.png`);
    const served = await fetch(data!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(served.headers.get('content-disposition')).toBe('inline; filename="My-Logo-final.png"');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('takes the type from the bytes, not the declared type or the name; PDFs download', async () => {
    const { data } = await upload(client, PDF, 'notes.png', 'image/png');
    expect(data).toMatchObject({ content_type: 'application/pdf', filename: 'notes.pdf' });
    const served = await getFile({
      path: { file_id: data!.id, filename: 'notes.pdf' },
      baseUrl: origin,
      parseAs: 'stream',
    });
    expect(served.response.headers.get('content-disposition')).toBe('attachment; filename="notes.pdf"');
    const text = await upload(client, Buffer.from('Bring a sketchbook.\n'), 'packing list.txt', 'text/html');
    expect(text.data).toMatchObject({ content_type: 'text/plain; charset=utf-8', filename: 'packing-list.txt' });
  });

  it.each([
    ['HTML', '<!doctype html><script>alert(1)</script>', 'page.html'],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'logo.svg'],
    ['HTML after whitespace', '  \n<html><body>x</body></html>', 'notes.txt'],
    ['binary without a known signature', '\u0000\u0001\u0002binary', 'data.bin'],
  ])(
    'refuses %s with 415: it could run script on the school origin or is not an accepted type',
    async (_kind, content, name) => {
      const { response, error } = await upload(client, Buffer.from(content), name, 'image/png');
      expect(response.status).toBe(415);
      expect(error).toMatchObject({ status: 415 });
    },
  );

  it('a file over UPLOAD_MAX_BYTES (10 MB by default) is 413, not 500', async () => {
    const response = await upload(client, Buffer.alloc(TEN_MB + 1, 0x41), 'big.txt', 'text/plain').catch(
      (error: unknown) => ({ response: null, error }),
    );
    // The server closes the connection once it has answered; the answer itself must be the 413.
    expect(response.response?.status).toBe(413);
  });

  it('a body that is not multipart, or malformed, or without the `file` part is 400/415 with a pointer', async () => {
    const headers = { Authorization: `Bearer ${token}` };
    const json = await fetch(`${origin}/api/v1/files`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    const noBoundary = await fetch(`${origin}/api/v1/files`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'multipart/form-data' },
      body: 'x',
    });
    expect(noBoundary.status).toBe(400);
    const truncated = await fetch(`${origin}/api/v1/files`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=b' },
      body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf a fi',
    });
    expect(truncated.status).toBe(400);
    const form = new FormData();
    form.append('attachment', new Blob([new Uint8Array(PNG)]), 'a.png');
    const wrongPart = await fetch(`${origin}/api/v1/files`, { method: 'POST', headers, body: form });
    expect(wrongPart.status).toBe(400);
    expect(pointersOf(await wrongPart.json())).toEqual(['/body/attachment']);
    const empty = await upload(client, Buffer.alloc(0), 'empty.txt');
    expect(empty.response.status).toBe(400);
    expect(pointersOf(empty.error)).toEqual(['/body/file']);
  });

  it('a wrong file name, or an unknown id, is 404 without a token', async () => {
    const { data } = await upload(client, PNG, 'a.png');
    expect((await fetch(`${origin}/files/${data!.id}/other.png`)).status).toBe(404);
    expect((await fetch(`${origin}/files/0193a0c4-5b6e-7d8f-9a0b-1c2d3e4f5a6b/a.png`)).status).toBe(404);
  });

  it.skipIf(!secondary)("another school's file is 404 at this school's origin, never its bytes", async () => {
    const other = adminClient(secondary, await operatorToken(secondary, 'storage:write', ACCOUNTS.secondSchoolOwner));
    const theirs = (await upload(other, PNG, 'theirs.png')).data!;
    expect((await fetch(theirs.url)).status).toBe(200);
    expect((await fetch(`${origin}/files/${theirs.id}/theirs.png`)).status).toBe(404);
  });
});
