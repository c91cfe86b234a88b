// /webhooks.md tells a receiver what it gets: every event type of the served OpenAPI document's
// catalogue is on the page, every schema it names is a component of /openapi.json, and the
// other documents lead to it.
import { describe, expect, inject, it } from 'vitest';

const origin = inject('primaryOrigin');

type OpenApi = { components: { schemas: Record<string, { enum?: string[] }> } };

const text = async (path: string) => (await fetch(`${origin}${path}`)).text();

describe('/webhooks.md (OpenAPI getWebhooksDocument; Standard Webhooks)', () => {
  it('is Markdown for a receiver: envelope, signature headers, standardwebhooks libraries, versions, retries, scopes', async () => {
    const response = await fetch(`${origin}/webhooks.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const page = await response.text();
    expect(page.split('\n')[0]).toBe('# Webhooks of Demo Academy');
    for (const heading of ['## The envelope', '## Verifying a delivery (Standard Webhooks)', '## Versions'])
      expect(page).toContain(heading);
    for (const field of ['id', 'type', 'version', 'created_at', 'school', 'data'])
      expect(page).toContain(`| \`${field}\` |`);
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature'])
      expect(page).toContain(`\`${header}\``);
    expect(page).toContain("import { Webhook } from 'standardwebhooks'");
    expect(page).toContain('pins the payload version');
    expect(page).toMatch(/12 attempts in all/);
    expect(page).toContain('`410 Gone`');
    expect(page).toContain('`webhooks:read`');
    expect(page).toContain('`webhooks:write`');
  });

  it('lists every event type of the catalogue, and every schema it names is in /openapi.json components.schemas', async () => {
    const [page, openapi] = await Promise.all([
      text('/webhooks.md'),
      fetch(`${origin}/openapi.json`).then((r) => r.json() as Promise<OpenApi>),
    ]);
    const types = openapi.components.schemas.WebhookEventType!.enum!;
    expect(types.length).toBeGreaterThan(0);
    const rows = new Map(
      page
        .slice(page.indexOf('## Events'))
        .split('\n')
        .map((line) => /^\| `([a-z_.]+)` \|/.exec(line))
        .filter((match) => match !== null)
        .map((match) => [match[1]!, match.input]),
    );
    expect([...rows.keys()].sort()).toEqual([...types].sort());
    // Each row names the schema of its `data` and of the whole body.
    for (const [type, row] of rows) expect(row.match(/#\/components\/schemas\//g), type).toHaveLength(2);
    const named = [...page.matchAll(/\/openapi\.json#\/components\/schemas\/([A-Za-z0-9_]+)\)/g)].map((m) => m[1]!);
    expect(named).toEqual(expect.arrayContaining(['WebhookEvent', 'WebhookTestEvent']));
    for (const name of new Set(named)) expect(openapi.components.schemas, name).toHaveProperty(name);
  });

  it('is linked from /llms.txt ("For agents"), /auth.md and the Webhooks tag of /openapi.json', async () => {
    const [llms, auth, openapi] = await Promise.all([
      text('/llms.txt'),
      text('/auth.md'),
      fetch(`${origin}/openapi.json`).then(
        (r) => r.json() as Promise<{ tags: Array<{ name: string; description: string }> }>,
      ),
    ]);
    const forAgents = llms.slice(
      llms.indexOf('## For agents'),
      llms.indexOf('\n## ', llms.indexOf('## For agents') + 1),
    );
    expect(forAgents).toContain(`(${origin}/webhooks.md)`);
    expect(auth).toContain(`${origin}/webhooks.md`);
    expect(openapi.tags.find((t) => t.name === 'Webhooks')!.description).toContain('/webhooks.md');
  });
});
