// The MCP Inspector's CLI (@modelcontextprotocol/inspector, docs/agents.md "Connect an agent") against the
// server this suite started: what a developer runs to check a school's /mcp, here run as CI runs it
// (no TTY, one JSON object on stdout per run). Anonymous: tools/list, tools/call get_school_info,
// resources/list, resources/read of /llms.txt; with an operator token in an Authorization header:
// tools/list, tools/call whoami; with a member token: tools/call my_enrolled_courses; and in each of
// the CLI's protocol eras (`--protocol-era modern`, 2026-07-28, and `legacy`, the 2025 initialize):
// an anonymous, a member and an operator tool and a resource. The other tools are not named: their names and schemas belong to
// the tool registry, not to this check. The token holds every operator scope, so every tool an
// operator can be shown passes through the CLI's schema portability check, which prints a summary
// line on stderr when it finds anything: every run must leave stderr empty (no warnings).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OPERATOR_SCOPES } from '../../src/services/auth/scopes.ts';
import { unfenced } from '../support/fences.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
// The package's own bin (`npx @modelcontextprotocol/inspector --cli ...` runs this file).
const LAUNCHER = path.resolve('node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
const PORTABILITY = /^Schema portability: (\d+) errors?, (\d+) warnings? across (\d+) tools?\..*$/;

// It checks the protocol surface, which is the same on either database: run once, on PGlite.
const skip = Boolean(process.env.DATABASE_URL);
if (skip) console.warn('[inspector-cli] skipped with DATABASE_URL: the protocol surface is checked on the PGlite run');

type Run = { code: number; stdout: string; stderr: string; json: { result?: Record<string, unknown> } | undefined };

async function inspector(home: string, args: string[]): Promise<Run> {
  const run = promisify(execFile)(process.execPath, [LAUNCHER, '--cli', `${origin}/mcp`, '--format', 'json', ...args], {
    // A scratch HOME: the CLI keeps its catalog and OAuth state under ~/.mcp-inspector.
    env: { PATH: process.env.PATH, HOME: home, USERPROFILE: home, NO_COLOR: '1' },
    timeout: 30_000,
  });
  const { stdout, stderr, code } = await run.then(
    (r) => ({ ...r, code: 0 }),
    (e: { stdout: string; stderr: string; code: number }) => e,
  );
  let json: Run['json'];
  try {
    json = JSON.parse(stdout) as Run['json'];
  } catch {
    json = undefined;
  }
  return { code, stdout, stderr, json };
}

/** stderr split into the portability summary and everything else. */
function stderrOf(run: Run) {
  const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
  return { portability: lines.filter((l) => PORTABILITY.test(l)), other: lines.filter((l) => !PORTABILITY.test(l)) };
}

function expectClean(run: Run, what: string) {
  expect(run.code, `${what}: exit code; stderr: ${run.stderr}`).toBe(0);
  expect(run.json?.result, `${what}: one JSON object with a result on stdout: ${run.stdout.slice(0, 500)}`).toBeTypeOf(
    'object',
  );
}

describe.skipIf(skip)(
  'MCP Inspector CLI against /mcp (docs/agents.md "Connect an agent"; MCP 2025-11-25 Tools, Resources)',
  () => {
    const home = mkdtempSync(path.join(tmpdir(), 'inspector-home-'));
    const runs: Record<string, Run> = {};
    const tokenWhat = ['tools/list with a token', 'tools/call whoami with a token'];

    beforeAll(async () => {
      const [token, member] = await Promise.all([
        operatorToken(origin, OPERATOR_SCOPES.join(' ')),
        memberToken(origin),
      ]);
      const bearer = ['--header', `Authorization: Bearer ${token}`];
      const asMember = ['--header', `Authorization: Bearer ${member}`];
      // One Node process per run; they are independent, so they run side by side.
      const plan: Record<string, string[]> = {
        'tools/list': ['--method', 'tools/list'],
        'tools/call get_school_info': ['--method', 'tools/call', '--tool-name', 'get_school_info'],
        'resources/list': ['--method', 'resources/list'],
        'resources/read /llms.txt': ['--method', 'resources/read', '--uri', `${origin}/llms.txt`],
        [tokenWhat[0]!]: ['--method', 'tools/list', ...bearer],
        [tokenWhat[1]!]: ['--method', 'tools/call', '--tool-name', 'whoami', ...bearer],
        ...Object.fromEntries(
          (['modern', 'legacy'] as const).flatMap((era) => {
            const pinned = ['--protocol-era', era];
            return [
              [`${era}: get_school_info`, [...pinned, '--method', 'tools/call', '--tool-name', 'get_school_info']],
              [
                `${era}: my_enrolled_courses`,
                [...pinned, '--method', 'tools/call', '--tool-name', 'my_enrolled_courses', ...asMember],
              ],
              [`${era}: list_courses`, [...pinned, '--method', 'tools/call', '--tool-name', 'list_courses', ...bearer]],
              [`${era}: resources/read`, [...pinned, '--method', 'resources/read', '--uri', `${origin}/pricing.md`]],
            ];
          }),
        ),
      };
      const done = await Promise.all(
        Object.entries(plan).map(async ([what, args]) => [what, await inspector(home, args)]),
      );
      Object.assign(runs, Object.fromEntries(done));
    }, 60_000);
    afterAll(() => rmSync(home, { recursive: true, force: true }));

    it('lists the tools anonymously and with an all-scopes token with no warning at all (no schema portability summary)', () => {
      const anonymous = runs['tools/list']!;
      const withToken = runs[tokenWhat[0]!]!;
      for (const [what, run, tool] of [
        ['tools/list', anonymous, 'get_school_info'],
        [tokenWhat[0]!, withToken, 'whoami'],
      ] as const) {
        expectClean(run, what);
        const names = (run.json!.result!.tools as { name: string }[]).map((t) => t.name);
        expect(names, what).toContain(tool);
        const { portability, other } = stderrOf(run);
        expect(portability, `${what}: the Inspector's schema portability warnings`).toEqual([]);
        expect(other, `${what}: stderr`).toEqual([]);
      }
    });

    it('calls get_school_info anonymously and whoami with the token, quietly', () => {
      const info = runs['tools/call get_school_info']!;
      expectClean(info, 'get_school_info');
      expect(info.json!.result).toMatchObject({ structuredContent: { origin } });
      expect(info.json!.result!.isError).toBeFalsy();
      const whoami = runs[tokenWhat[1]!]!;
      expectClean(whoami, 'whoami');
      expect(whoami.json!.result!.isError).toBeFalsy();
      expect(whoami.json!.result).toMatchObject({ structuredContent: { audience: 'operator' } });
      for (const run of [info, whoami]) expect(run.stderr.trim()).toBe('');
    });

    it.each(['modern', 'legacy'])(
      'in the %s era calls an anonymous, a member and an operator tool and reads a resource, quietly (MCP 2026-07-28 and 2025-11-25)',
      async (era) => {
        const calls = [
          [`${era}: get_school_info`, { origin }],
          [`${era}: my_enrolled_courses`, { data: expect.any(Array) }],
          [`${era}: list_courses`, { data: expect.any(Array) }],
        ] as const;
        for (const [what, shape] of calls) {
          const run = runs[what]!;
          expectClean(run, what);
          expect(run.json!.result!.isError, what).toBeFalsy();
          expect(run.json!.result, what).toMatchObject({ structuredContent: shape });
          expect(run.stderr.trim(), what).toBe('');
          // Only a 2026-07-28 answer names the server in its result _meta (SEP-2575): the era was the one asked for.
          const serverInfo = (run.json!.result!._meta as Record<string, unknown> | undefined)?.[
            'io.modelcontextprotocol/serverInfo'
          ];
          expect(serverInfo !== undefined, `${what}: answered in the 2026-07-28 era`).toBe(era === 'modern');
        }
        expect(JSON.stringify(runs[`${era}: my_enrolled_courses`]!.json!.result)).toContain('git-essentials');
        const read = runs[`${era}: resources/read`]!;
        expectClean(read, `${era}: resources/read`);
        const served = await (await fetch(`${origin}/pricing.md`)).text();
        const contents = read.json!.result!.contents as Array<{ uri: string; mimeType: string; text: string }>;
        expect(contents).toEqual([
          { uri: `${origin}/pricing.md`, mimeType: 'text/markdown', text: expect.any(String) },
        ]);
        // Seats left (the last column of the events table) moves as other suites register meanwhile.
        const seatsRead = (markdown: string) => markdown.replace(/\| (?:\d+|unlimited) \|$/gm, '| seats |');
        expect(seatsRead(unfenced(contents[0]!.text))).toBe(seatsRead(served));
      },
    );

    it('lists the resources and reads /llms.txt as GET serves it, quietly (MCP 2025-11-25 Resources)', async () => {
      const list = runs['resources/list']!;
      expectClean(list, 'resources/list');
      const uris = (list.json!.result!.resources as { uri: string }[]).map((r) => r.uri);
      expect(uris).toEqual(expect.arrayContaining([`${origin}/llms.txt`, `${origin}/auth.md`, `${origin}/pricing.md`]));
      const read = runs['resources/read /llms.txt']!;
      expectClean(read, 'resources/read');
      const served = await (await fetch(`${origin}/llms.txt`)).text();
      const contents = read.json!.result!.contents as Array<{ uri: string; mimeType: string; text: string }>;
      expect(contents).toEqual([{ uri: `${origin}/llms.txt`, mimeType: 'text/markdown', text: expect.any(String) }]);
      expect(unfenced(contents[0]!.text)).toBe(served);
      for (const run of [list, read]) expect(run.stderr.trim()).toBe('');
    });
  },
);
