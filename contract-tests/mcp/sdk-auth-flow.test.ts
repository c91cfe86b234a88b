// The MCP SDKs' own authorization flow against /mcp, as an MCP host runs it (MCP 2025-11-25
// Authorization): `auth()` discovers the protected resource (RFC 9728), then the
// authorization server (RFC 8414), registers a client (RFC 7591), sends a person to the consent page
// in a real Chromium, exchanges the code with `resource` (RFC 8707), and the client then lists and
// calls tools with the token. Once with the v1 SDK (@modelcontextprotocol/sdk/client/auth.js) and
// once with the v2 client (@modelcontextprotocol/client), which also checks the issuer echo of the
// metadata (RFC 8414 3.3) and the callback's `iss` (RFC 9207) strictly.
import * as v2 from '@modelcontextprotocol/client';
import { auth as authV1, type OAuthClientProvider as ProviderV1 } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { releaseBrowser, workerBrowser, skipBrowserTests } from '../support/browser.ts';
import { consentInChromium } from '../support/consent.ts';
import { startLoopback, type Loopback } from '../support/loopback.ts';
import { RegisteringOAuthProvider as MemoryProvider } from '../support/memory-oauth-provider.ts';
import { finishAuthV2 } from '../support/mcp-v2-auth.ts';
import { oauthSteps, recordingFetch, type Recorded } from '../support/recording-fetch.ts';

const origin = inject('primaryOrigin');
const mcpUrl = new URL('/mcp', origin);

function textOf(result: { content?: unknown }): string {
  return ((result.content ?? []) as CallToolResult['content']).map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

describe.skipIf(skipBrowserTests)(
  "the MCP SDKs' auth() flow with consent in Chromium (MCP 2025-11-25 Authorization)",
  () => {
    let browser: Browser | undefined;
    let context: BrowserContext | undefined;
    let loopback: Loopback;

    beforeAll(async () => {
      loopback = await startLoopback();
      browser = await workerBrowser();
    });
    afterAll(async () => {
      try {
        await releaseBrowser(browser);
      } finally {
        await loopback?.close();
      }
    });
    beforeEach(async () => {
      context = await browser!.newContext();
    });
    afterEach(async () => {
      await context?.close();
    });

    it('v1 SDK: protected-resource and authorization-server discovery, registration, consent, code exchange with resource, then tools (MCP Authorization 2025-11-25; RFC 9728 3.1; RFC 8414 3; RFC 7591 3; RFC 8707 2)', async () => {
      const log: Recorded[] = [];
      const fetchFn = recordingFetch(log);
      const provider = new MemoryProvider(loopback.redirectUri);
      const typed = provider as unknown as ProviderV1;

      expect(await authV1(typed, { serverUrl: mcpUrl, fetchFn })).toBe('REDIRECT');
      expect(oauthSteps(log)).toEqual([
        'GET /.well-known/oauth-protected-resource/mcp 200',
        'GET /.well-known/oauth-authorization-server 200',
        'POST /api/oauth/register 201',
      ]);
      const authorization = provider.authorizationUrl!;
      expect(authorization.origin + authorization.pathname).toBe(`${origin}/oauth/authorize`);
      expect(authorization.searchParams.get('client_id')).toBe(provider.registeredClientId);
      expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorization.searchParams.get('resource')).toBe(`${origin}/mcp`);

      const page = await context!.newPage();
      const callback = await consentInChromium(page, authorization, loopback.redirectUri, { email: ACCOUNTS.owner });
      expect(callback.searchParams.get('state')).toBe(provider.lastState);
      expect(callback.searchParams.get('iss')).toBe(origin);

      expect(
        await authV1(typed, { serverUrl: mcpUrl, authorizationCode: callback.searchParams.get('code')!, fetchFn }),
      ).toBe('AUTHORIZED');
      const exchange = log.find((r) => r.url === `${origin}/api/oauth/token`)!;
      expect(exchange.status).toBe(200);
      const sent = new URLSearchParams(exchange.body);
      expect(sent.get('grant_type')).toBe('authorization_code');
      expect(sent.get('resource')).toBe(`${origin}/mcp`);
      expect(sent.get('code_verifier')).toBeTruthy();

      const client = new ClientV1({ name: 'sdk-auth-flow-v1', version: '1.0.0' });
      await client.connect(new TransportV1(mcpUrl, { authProvider: typed }));
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        expect(names).toEqual(expect.arrayContaining(['list_courses', 'get_course', 'whoami']));
        const whoami = await client.callTool({ name: 'whoami', arguments: {} });
        expect(whoami.structuredContent).toMatchObject({ audience: 'operator' });
        const courses = await client.callTool({ name: 'list_courses', arguments: { limit: 2 } });
        expect(courses.isError).toBeFalsy();
        expect((courses.structuredContent as { data: unknown[] }).data.length).toBeGreaterThan(0);
      } finally {
        await client.close();
      }
    });

    it('v2 client: the same flow, with the issuer echo (RFC 8414 3.3) and the callback iss (RFC 9207 2.4) checked by the SDK (MCP Authorization 2025-11-25)', async () => {
      const log: Recorded[] = [];
      const fetchFn = recordingFetch(log);
      const provider = new MemoryProvider(loopback.redirectUri);
      const typed = provider as unknown as v2.OAuthClientProvider;

      expect(await v2.auth(typed, { serverUrl: mcpUrl, fetchFn })).toBe('REDIRECT');
      const steps = oauthSteps(log);
      expect(steps[0]).toBe('GET /.well-known/oauth-protected-resource/mcp 200');
      expect(steps).toContain('GET /.well-known/oauth-authorization-server 200');
      expect(steps.at(-1)).toBe('POST /api/oauth/register 201');
      const authorization = provider.authorizationUrl!;
      expect(authorization.searchParams.get('resource')).toBe(`${origin}/mcp`);

      const page = await context!.newPage();
      const callback = await consentInChromium(page, authorization, loopback.redirectUri, { email: ACCOUNTS.owner });
      expect(callback.searchParams.get('state')).toBe(provider.lastState);

      // A callback whose iss is another server is a mix-up (RFC 9207 2.4): the SDK must refuse it
      // before it spends the code, so the real exchange below still succeeds.
      const forged = v2.auth(typed, {
        serverUrl: mcpUrl,
        authorizationCode: callback.searchParams.get('code')!,
        iss: 'https://attacker.example',
        fetchFn,
      });
      await expect(forged).rejects.toBeInstanceOf(v2.IssuerMismatchError);

      expect(await finishAuthV2(typed, mcpUrl, callback, fetchFn)).toBe('AUTHORIZED');
      const exchange = log.find((r) => r.url === `${origin}/api/oauth/token`)!;
      expect(exchange.status).toBe(200);
      expect(new URLSearchParams(exchange.body).get('resource')).toBe(`${origin}/mcp`);

      const client = new v2.Client({ name: 'sdk-auth-flow-v2', version: '1.0.0' });
      await client.connect(new v2.StreamableHTTPClientTransport(mcpUrl, { authProvider: typed }));
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        expect(names).toEqual(expect.arrayContaining(['list_courses', 'get_course', 'whoami']));
        const courses = await client.callTool({ name: 'list_courses', arguments: { limit: 2 } });
        expect(courses.isError, textOf(courses)).toBeFalsy();
        expect((courses.structuredContent as { data: unknown[] }).data.length).toBeGreaterThan(0);
      } finally {
        await client.close();
      }
    });
  },
);
