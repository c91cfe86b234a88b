// Display metadata, registration side: every name a client registers refuses control,
// bidirectional-override/isolate/mark and zero-width characters, and every URL it supplies about
// itself (client_uri, logo_uri, policy_uri, tos_uri) is https only, never javascript: —
// invalid_client_metadata at POST /api/oauth/register (RFC 7591 3.2.2), and the same rule refuses a
// fetched Client ID Metadata Document (src/services/auth/client-metadata/display-metadata.ts). Unicode
// TR 36 2.1; CVE-2021-42574 "Trojan Source".
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const origin = inject('primaryOrigin');
const tlsCert = inject('tlsCert');
const LOOPBACK = 'http://127.0.0.1:8765/callback';

const DISPLAY_FIELDS = ['client_name'];
const URL_FIELDS = ['client_uri', 'logo_uri', 'policy_uri', 'tos_uri'];

const HOSTILE_TEXT: Array<[string, string]> = [
  ['a newline', 'Safe\nApp'],
  ['a C1 control', 'Safe\u0085App'],
  ['ESC (terminal escapes)', 'Safe\u001b[31mApp'],
  ...(['202A', '202B', '202C', '202D', '202E', '2066', '2067', '2068', '2069', '200E', '200F', '061C'] as const).map(
    (hex): [string, string] => [`bidi U+${hex}`, `App${String.fromCharCode(parseInt(hex, 16))}gnp.exe`],
  ),
  ...(['200B', '200C', '200D', '2060', 'FEFF'] as const).map((hex): [string, string] => [
    `zero-width U+${hex}`,
    `Pay${String.fromCharCode(parseInt(hex, 16))}Pal`,
  ]),
];

const HOSTILE_URLS: Array<[string, string]> = [
  ['javascript:', 'javascript:alert(1)'],
  ['JavaScript: mixed case', 'JaVaScRiPt:alert(1)'],
  ['javascript: after a space', ' javascript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['vbscript:', 'vbscript:msgbox(1)'],
  ['http', 'http://app.example.com/'],
  ['a relative URL', '/logo.png'],
  ['credentials', 'https://user:pass@app.example.com/'],
  ['a tab', 'https://app.exa\tmple.com/'],
  ['a bidi override', 'https://app.example.com/\u202Egnp'],
];

async function register(metadata: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${origin}/api/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('registration refuses hostile display metadata (RFC 7591 3.2.2)', () => {
  const cases = [
    ...DISPLAY_FIELDS.flatMap((field) =>
      HOSTILE_TEXT.map(([what, value]): [string, string, string] => [field, what, value]),
    ),
    ...URL_FIELDS.flatMap((field) =>
      HOSTILE_URLS.map(([what, value]): [string, string, string] => [field, what, value]),
    ),
  ];
  it.each(cases)('%s with %s is invalid_client_metadata', async (field, _what, value) => {
    for (const body of [
      { [field]: value, redirect_uris: [LOOPBACK] },
      { client_name: 'Display probe', [`${field}#fr`]: value, redirect_uris: [LOOPBACK] },
    ]) {
      const res = await register(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toBe('invalid_client_metadata');
      expect(res.body.client_id).toBeUndefined();
    }
  });

  it('control: clean text and https URLs in every field are registered', async () => {
    const metadata = {
      client_name: 'Café Ünïcode 日本語 agent',
      client_uri: 'https://app.example.com/',
      logo_uri: 'https://cdn.example.com/logo.png',
      policy_uri: 'https://app.example.com/privacy',
      tos_uri: 'https://app.example.com/terms',
      redirect_uris: [LOOPBACK],
    };
    const res = await register(metadata);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.client_name).toBe(metadata.client_name);
  });
});

describe.skipIf(!tlsCert)('a metadata document with hostile display metadata is refused by the same rule', () => {
  let server: https.Server;
  let base: string;
  const documents = new Map<string, Record<string, unknown>>();
  beforeAll(async () => {
    server = https.createServer({ cert: tlsCert, key: inject('tlsKey') }, (req, res) => {
      const extra = documents.get(req.url ?? '');
      res.writeHead(extra ? 200 : 404, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ client_id: `${base}${req.url}`, redirect_uris: [LOOPBACK], ...extra }));
    });
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
    base = `https://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const authorize = (clientId: string) => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: LOOPBACK,
      scope: 'courses:read',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    return fetch(`${origin}/oauth/authorize?${query}`, { redirect: 'manual' });
  };

  it.each([
    ['client_name', 'App\u202Egnp.exe'],
    ['client_name', 'Pay\u200BPal'],
    ...URL_FIELDS.map((field): [string, string] => [field, 'javascript:alert(1)']),
    ...URL_FIELDS.map((field): [string, string] => [field, 'http://app.example.com/']),
  ])('%s = %j: the document is refused with a page, never a redirect', async (field, value) => {
    const path = `/doc-${field}-${documents.size}/client.json`;
    documents.set(path, { client_name: 'Document probe', [field]: value });
    const response = await authorize(`${base}${path}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain(field);
  });

  it('control: a clean document is accepted', async () => {
    documents.set('/clean/client.json', {
      client_name: 'Clean agent',
      client_uri: 'https://app.example.com/',
      policy_uri: 'https://app.example.com/p',
      tos_uri: 'https://app.example.com/t',
    });
    const response = await authorize(`${base}/clean/client.json`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/oauth\/sign-in\?/);
  });
});
