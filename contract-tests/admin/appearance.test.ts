// The school's appearance through the generated client (appearance:read,
// appearance:write; OpenAPI tag Appearance). Puts back what it changes.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getAppearance, updateAppearance } from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { operatorToken } from '../support/tokens.ts';
import { PDF, pointersOf, upload, uploadedImage } from './content-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('appearance (appearance:read, appearance:write)', () => {
  let client: ReturnType<typeof adminClient>;
  let seeded: Awaited<ReturnType<typeof getAppearance>>['data'];
  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, 'appearance:read appearance:write storage:write'));
    seeded = (await getAppearance({ client })).data;
  });
  afterAll(async () => {
    const { theme, primary_color, accent_color, font_family, favicon_url, custom_css, logo } = seeded!;
    await updateAppearance({
      client,
      body: {
        theme,
        primary_color,
        accent_color,
        font_family,
        favicon_url,
        custom_css,
        logo: logo?.url && !logo.file_id ? { url: logo.url } : null,
      },
    });
  });

  it('reads the seeded theme, colours and font', async () => {
    const { data, response } = await getAppearance({ client });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      theme: 'light',
      primary_color: '#4f46e5',
      accent_color: '#f59e0b',
      font_family: 'Inter',
    });
  });

  it('changes only the fields given; a logo is an uploaded image (served URL) or an external URL', async () => {
    const image = await uploadedImage(client);
    const { data, response } = await updateAppearance({
      client,
      body: {
        theme: 'dark',
        accent_color: '#F97316',
        logo: { file_id: image.id },
        custom_css: '.hero { color: red; }',
      },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      theme: 'dark',
      primary_color: '#4f46e5',
      accent_color: '#F97316',
      logo: { file_id: image.id, url: image.url },
      custom_css: '.hero { color: red; }',
    });
    const external = await updateAppearance({
      client,
      body: { logo: { url: 'https://cdn.example.com/logo.png' }, favicon_url: 'https://cdn.example.com/favicon.ico' },
    });
    expect(external.data).toMatchObject({
      theme: 'dark',
      logo: { file_id: null, url: 'https://cdn.example.com/logo.png' },
      favicon_url: 'https://cdn.example.com/favicon.ico',
    });
    expect((await updateAppearance({ client, body: { logo: null } })).data!.logo).toBeNull();
  });

  it('a logo file that is not an image of this school, or CSS closing its style element, is 422', async () => {
    const pdf = (await upload(client, PDF, 'brochure.pdf')).data!;
    const notImage = await updateAppearance({ client, body: { logo: { file_id: pdf.id } } });
    expect(notImage.response.status).toBe(422);
    expect(pointersOf(notImage.error)).toEqual(['/body/logo/file_id']);
    const css = await updateAppearance({ client, body: { custom_css: 'a{}</STYLE><script>alert(1)</script>' } });
    expect(css.response.status).toBe(422);
    expect(pointersOf(css.error)).toEqual(['/body/custom_css']);
  });

  it.skipIf(!secondary)(
    "another school's image cannot be this school's logo (422, as if it did not exist)",
    async () => {
      const other = adminClient(secondary, await operatorToken(secondary, 'storage:write', ACCOUNTS.secondSchoolOwner));
      const theirs = await uploadedImage(other, 'theirs.png');
      const response = await updateAppearance({ client, body: { logo: { file_id: theirs.id } } });
      expect(response.response.status).toBe(422);
      expect(JSON.stringify(response.error)).not.toContain(theirs.url);
    },
  );

  it('invalid colours, themes, both logo kinds at once and oversized CSS are 400 with pointers', async () => {
    for (const [body, pointer] of [
      [{ theme: 'neon' }, '/body/theme'],
      [{ primary_color: 'red' }, '/body/primary_color'],
      [{ logo: { url: 'https://a.example/x.png', file_id: '0193a0c4-5b6e-7d8f-9a0b-1c2d3e4f5a6b' } }, '/body/logo'],
      [{ favicon_url: 'javascript:alert(1)' }, '/body/favicon_url'],
      [{ custom_css: 'a'.repeat(20_001) }, '/body/custom_css'],
    ] as const) {
      const { response, error } = await updateAppearance({ client, body: body as never });
      expect(response.status, pointer).toBe(400);
      expect(pointersOf(error)).toEqual([pointer]);
    }
  });
});
