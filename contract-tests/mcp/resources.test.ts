// The school's public documents as MCP resources (MCP 2025-11-25 Resources), read by both
// official clients: the v1 SDK client and the v2 client (@modelcontextprotocol/client). Each
// resource's URI is a URL of the school, and resources/read must give the very bytes GET of that
// URL serves. Anonymous: everything here is public (/auth.md "What needs no token").
import {
  Client as V2Client,
  ResourceNotFoundError,
  StreamableHTTPClientTransport as V2Transport,
  UriTemplate as V2UriTemplate,
} from '@modelcontextprotocol/client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { McpError, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, DEMO_DRAFTS } from './mcp-client.ts';
import { fenceCount, unfenced } from '../support/fences.ts';

const origin = inject('primaryOrigin');
const DOCUMENTS = ['/llms.txt', '/auth.md', '/pricing.md', '/webhooks.md'].map((path) => `${origin}${path}`);

/** What GET of the resource's own URL answers: the bytes resources/read must match once its fences are out. */
async function served(uri: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(uri);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

async function restCatalogSlugs(): Promise<string[]> {
  const body = (await (await fetch(`${origin}/api/v1/catalog/courses?limit=50`)).json()) as {
    data: { slug: string }[];
  };
  return body.data.map((c) => c.slug).sort();
}

async function allResources(client: Client): Promise<Resource[]> {
  const resources: Resource[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const result = await client.listResources(cursor ? { cursor } : undefined);
    resources.push(...result.resources);
    if (!result.nextCursor) return resources;
    cursor = result.nextCursor;
  }
  throw new Error('resources/list never reached its last page');
}

describe('MCP resources, v1 SDK client, anonymous (MCP 2025-11-25 Resources)', () => {
  let client: Client;
  let resources: Resource[];
  beforeAll(async () => {
    client = await connect(origin);
    resources = await allResources(client);
  });
  afterAll(async () => client?.close());

  it('declares resources without subscribe or listChanged (MCP 2025-11-25 Resources, Capabilities)', () => {
    expect(client.getServerCapabilities()?.resources).toEqual({ listChanged: false });
  });

  it('lists /llms.txt, /auth.md, /pricing.md, /webhooks.md and one page per published course, never a draft (MCP 2025-11-25 Resources, Listing Resources)', async () => {
    const uris = resources.map((r) => r.uri);
    expect(uris.slice(0, DOCUMENTS.length)).toEqual(DOCUMENTS);
    const courses = uris.filter((u) => u.startsWith(`${origin}/courses/`));
    expect(courses.sort()).toEqual((await restCatalogSlugs()).map((slug) => `${origin}/courses/${slug}.md`));
    for (const draft of DEMO_DRAFTS.courses) expect(uris).not.toContain(`${origin}/courses/${draft}.md`);
    for (const resource of resources) {
      expect(resource).toMatchObject({ mimeType: 'text/markdown' });
      expect(resource.name && resource.title && resource.description, resource.uri).toBeTruthy();
    }
  });

  it('reads every listed resource as the bytes GET of its URI serves, the school\'s words fenced (MCP 2025-11-25 Resources, Reading Resources; docs/agents.md "MCP")', async () => {
    for (const { uri } of resources) {
      const [read, http] = await Promise.all([client.readResource({ uri }), served(uri)]);
      expect(http.status, uri).toBe(200);
      expect(http.type, uri).toBe('text/markdown; charset=utf-8');
      expect(read.contents, uri).toEqual([{ uri, mimeType: 'text/markdown', text: expect.any(String) }]);
      const text = (read.contents[0] as { text: string }).text;
      expect(unfenced(text), uri).toBe(http.text);
      // Every document names the school at least, which is the school's own text.
      expect(fenceCount(text), uri).toBeGreaterThan(0);
    }
  });

  it('gives a course page template whose expansion reads like the listed page (MCP 2025-11-25 Resources, Resource Templates; RFC 6570)', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toHaveLength(1);
    const template = resourceTemplates[0]!;
    expect(template).toMatchObject({ uriTemplate: `${origin}/courses/{slug}.md`, mimeType: 'text/markdown' });
    const uri = new UriTemplate(template.uriTemplate).expand({ slug: 'git-essentials' });
    const read = await client.readResource({ uri });
    const text = (read.contents[0] as { text: string }).text;
    expect(unfenced(text)).toBe((await served(uri)).text);
    expect(text).toMatch(/^# <untrusted-content>Git Essentials<\/untrusted-content>\n/);
  });

  it('answers a draft course page, another origin and an unknown path with -32602 and the URI (MCP 2026-07-28 Resources, Error Handling, SEP-2164)', async () => {
    for (const uri of [
      `${origin}/courses/${DEMO_DRAFTS.courses[0]}.md`,
      `https://elsewhere.example/llms.txt`,
      `${origin}/no-such-document.md`,
    ]) {
      const error = await client.readResource({ uri }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, uri).toBeInstanceOf(McpError);
      expect(error, uri).toMatchObject({ code: -32602, data: { uri } });
    }
    expect((await served(`${origin}/courses/${DEMO_DRAFTS.courses[0]}.md`)).status).toBe(404);
  });
});

describe('MCP resources, v2 client, anonymous (MCP 2025-11-25 Resources)', () => {
  let client: V2Client;
  beforeAll(async () => {
    client = new V2Client({ name: 'v2-resources', version: '1.0.0' });
    await client.connect(new V2Transport(new URL('/mcp', origin)));
  });
  afterAll(async () => client?.close());

  it('lists and reads the documents and a course page as GET serves them (MCP 2025-11-25 Resources, Reading Resources)', async () => {
    const { resources } = await client.listResources();
    const { resourceTemplates } = await client.listResourceTemplates();
    const course = new V2UriTemplate(resourceTemplates[0]!.uriTemplate).expand({ slug: 'git-essentials' });
    expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining([...DOCUMENTS, course]));
    for (const uri of [...DOCUMENTS, course]) {
      const read = await client.readResource({ uri });
      expect(read.contents, uri).toEqual([{ uri, mimeType: 'text/markdown', text: expect.any(String) }]);
      expect(unfenced((read.contents[0] as { text: string }).text), uri).toBe((await served(uri)).text);
    }
  });

  it('turns an unknown URI into its ResourceNotFoundError (MCP 2026-07-28 Resources, Error Handling: -32602 with data.uri, SEP-2164)', async () => {
    const uri = `${origin}/courses/no-such-course.md`;
    const error = await client.readResource({ uri }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ResourceNotFoundError);
    expect((error as ResourceNotFoundError).uri).toBe(uri);
  });
});
