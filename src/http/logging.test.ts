import { describe, expect, it, vi } from 'vitest';
import { randomSecret, TOKEN_PREFIX } from '../lib/secrets.ts';
import { createLogger, maskPrefixedSecrets, maskUrl } from './logging.ts';

describe('log masking (no token or secret in logs)', () => {
  it('masks credentials in query strings', () => {
    expect(maskUrl('/cb?code=abc123&state=xyz&x=1')).toBe('/cb?code=[masked]&state=[masked]&x=1');
    expect(maskUrl('/api?access_token=t0k&refresh_token=r&client_secret=s')).toBe(
      '/api?access_token=[masked]&refresh_token=[masked]&client_secret=[masked]',
    );
  });

  it('leaves other parameters alone', () => {
    expect(maskUrl('/oauth/authorize?client_id=abc&scope=openid')).toBe('/oauth/authorize?client_id=abc&scope=openid');
  });
});

describe('log masking of nested, percent-encoded parameters (docs/operations.md "Reading the logs")', () => {
  const authorize =
    '/oauth/authorize?response_type=code&client_id=app&state=s3cr3t-state&nonce=n0nce-value&code_challenge=abc';

  it('masks state and nonce inside the sign-in return_to, which nests a whole authorization request', () => {
    const logged = maskUrl(`/oauth/sign-in?return_to=${encodeURIComponent(authorize)}`);
    expect(logged).not.toContain('s3cr3t-state');
    expect(logged).not.toContain('n0nce-value');
    expect(decodeURIComponent(logged.split('return_to=')[1]!)).toBe(
      '/oauth/authorize?response_type=code&client_id=app&state=[masked]&nonce=[masked]&code_challenge=abc',
    );
  });

  it('masks a secret encoded twice, and one behind a percent-encoded name', () => {
    const twice = maskUrl(`/a?next=${encodeURIComponent(encodeURIComponent(`/cb?code=c0de-value&x=1`))}`);
    expect(twice).not.toContain('c0de-value');
    expect(decodeURIComponent(decodeURIComponent(twice.split('next=')[1]!))).toBe('/cb?code=[masked]&x=1');
    expect(maskUrl('/cb?%63ode=c0de-value&x=1')).toBe('/cb?%63ode=[masked]&x=1');
    expect(maskUrl('/cb?Access_Token=t0k')).toBe('/cb?Access_Token=[masked]');
  });

  it('masks parameters in a fragment and in a bare nested query', () => {
    expect(maskUrl('/cb#access_token=t0k&token_type=Bearer')).toBe('/cb#access_token=[masked]&token_type=Bearer');
    expect(decodeURIComponent(maskUrl(`/x?q=${encodeURIComponent('refresh_token=r3fresh&a=b')}`))).toBe(
      '/x?q=refresh_token=[masked]&a=b',
    );
  });

  it('leaves a URL without secrets byte for byte as it came, nested ones included', () => {
    for (const url of [
      '/oauth/sign-in?return_to=%2Foauth%2Fauthorize%3Fclient_id%3Dapp%26scope%3Dopenid',
      '/a?b=c%3D%3D&d=e+f',
      '/plain',
      '/x?y',
      '/x?pad=abc==&broken=%E0%A4%A',
    ])
      expect(maskUrl(url)).toBe(url);
  });
});

describe('log masking of prefixed secrets, one-time links included (docs/operations.md "Reading the logs")', () => {
  /** Every line a logger writes, as written. */
  function capturingLogger() {
    const lines: string[] = [];
    const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
    return { logger, text: () => lines.join('') };
  }

  it.each(Object.entries(TOKEN_PREFIX))(
    'a %s minted with its prefix is masked in every line it reaches: a path, a query value, a nested URL, an error, a message',
    (_kind, prefix) => {
      const secret = randomSecret(prefix);
      const { logger, text } = capturingLogger();
      for (const url of [
        `/account/invitations/${secret}`,
        `/account/invitations/${secret}/extra?x=1`,
        `/somewhere?link=${secret}`,
        `/oauth/sign-in?return_to=${encodeURIComponent(`/account/invitations/${secret}`)}`,
      ])
        logger.info({ req: { url: maskUrl(url) } }, 'request completed');
      logger.error({ err: new Error(`no such link ${secret}`) }, 'unhandled error');
      logger.warn(`refused ${secret}`);
      expect(text()).not.toContain(secret.slice(prefix.length + 1));
      // Seven places: four URLs, the error's message and its stack, the message.
      expect(text().split(`${prefix}_[masked]`)).toHaveLength(8);
    },
  );

  it('leaves lines without a prefixed secret as they came', () => {
    expect(maskPrefixedSecrets('/account/invitations/unknown-link')).toBe('/account/invitations/unknown-link');
    expect(maskPrefixedSecrets('/courses/basic_course_1.md')).toBe('/courses/basic_course_1.md');
  });
});

describe('request log level and fields (docs/operations.md "Reading the logs")', () => {
  it('the level follows the outcome: 5xx error, a challenge without credentials and a 404 info, any other 4xx warn', async () => {
    const { levelOf } = await import('./logging.ts');
    expect(levelOf(200, undefined, false)).toBe('info');
    expect(levelOf(302, undefined, false)).toBe('info');
    expect(levelOf(500, undefined, false)).toBe('error');
    expect(levelOf(503, undefined, true)).toBe('error');
    expect(levelOf(200, new Error('aborted'), false)).toBe('error');
    expect(levelOf(401, undefined, false)).toBe('info');
    expect(levelOf(401, undefined, true)).toBe('warn');
    expect(levelOf(404, undefined, true)).toBe('info');
    for (const status of [400, 403, 405, 409, 413, 422, 429]) expect(levelOf(status, undefined, false)).toBe('warn');
  });

  it('carries school, client, operation and person as snake_case fields, and nothing unknown', async () => {
    const { requestFields } = await import('./logging.ts');
    const { noteRequest } = await import('./request-facts.ts');
    const req = {} as import('node:http').IncomingMessage;
    expect(requestFields(req)).toEqual({});
    noteRequest(req, {
      school: 'demo-academy',
      schoolId: 's1',
      clientId: 'demo-study-buddy',
      operation: 'mcp',
      mcpMethod: 'tools/call',
      mcpTool: 'search_catalog',
      personId: 'p1',
      grantId: 'g1',
    });
    expect(requestFields(req)).toEqual({
      school: 'demo-academy',
      school_id: 's1',
      client_id: 'demo-study-buddy',
      operation: 'mcp',
      mcp_method: 'tools/call',
      mcp_tool: 'search_catalog',
      person_id: 'p1',
    });
  });
});

describe('request loggers made when used (bench/FINDINGS.md "Lazy request loggers": a child per request cost a twentieth of its CPU)', () => {
  async function serve(level: string, status: number, useLogger: boolean) {
    const { createHttpLogger } = await import('./logging.ts');
    const { Writable } = await import('node:stream');
    const http = await import('node:http');
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const logger = (await import('pino')).default({ level, base: undefined }, sink);
    const middleware = createHttpLogger(logger);
    // Every pino logger, children of children included, makes its children through one prototype method.
    const prototype = Object.getPrototypeOf(logger) as { child: typeof logger.child };
    const child = vi.spyOn(prototype, 'child');
    const server = http.createServer((req, res) =>
      middleware(req, res, () => {
        if (useLogger) (req as unknown as { log: typeof logger }).log.error({ detail: 'x' }, 'handler line');
        res.statusCode = status;
        res.end('{}');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await fetch(`http://127.0.0.1:${port}/api/v1/courses?access_token=secret`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.close();
    const children = child.mock.calls.length;
    child.mockRestore();
    return { lines, children };
  }

  it('a request answered below the log level makes no child logger and writes nothing', async () => {
    expect(await serve('warn', 200, false)).toEqual({ lines: [], children: 0 });
  });

  it('a request whose logger is used, or whose line is written, gets its child with the request bound (URL masked)', async () => {
    const used = await serve('warn', 200, true);
    expect(used.children).toBeGreaterThan(0);
    expect(used.lines).toEqual([
      expect.objectContaining({ msg: 'handler line', req: expect.objectContaining({ method: 'GET' }) }),
    ]);
    const failed = await serve('warn', 500, false);
    const line = failed.lines.find((l) => l.msg !== 'handler line');
    expect(line).toMatchObject({ level: 50, res: { statusCode: 500 } });
    expect(JSON.stringify(line)).toContain('access_token=[masked]');
  });
});
