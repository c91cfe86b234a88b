// /llms.txt follows the llmstxt.org form (https://llmstxt.org) and every link in it resolves.
import { describe, expect, inject, it } from 'vitest';

const origin = inject('primaryOrigin');

describe('/llms.txt (llmstxt.org)', () => {
  it('has one H1, a blockquote summary, H2 file lists and Optional last', async () => {
    const response = await fetch(`${origin}/llms.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await response.text();
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Demo Academy');
    expect(lines.filter((l) => l.startsWith('# '))).toHaveLength(1);
    expect(lines[2]).toMatch(/^> /);
    const h2 = lines.filter((l) => l.startsWith('## '));
    expect(h2.at(-1)).toBe('## Optional');
    for (const section of ['## Catalog', '## Pricing', '## For agents', '## Connect an agent'])
      expect(h2).toContain(section);
  });

  it('every link on this origin resolves (except /mcp and /account/graphql, which need POST)', async () => {
    const text = await (await fetch(`${origin}/llms.txt`)).text();
    const links = [...text.matchAll(/\]\((https?:[^)]+)\)/g)].map((m) => m[1]!);
    expect(links).toEqual(expect.arrayContaining([`${origin}/auth.md`, `${origin}/openapi.json`, `${origin}/mcp`]));
    for (const link of links.filter((l) => !/\/(mcp|account\/graphql)$/.test(l))) {
      expect((await fetch(link)).status, link).toBe(200);
    }
  });
});
