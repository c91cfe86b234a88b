// The public MCP conformance suite's `authorization` scenarios against this school's authorization
// server: authorization-server-metadata-endpoint and authorization-code-grant. The suite
// prints the authorization URL a person would open and waits for the callback on
// http://127.0.0.1:<port>/callback; here Chromium opens it, signs in and consents, and lands on
// the suite's callback listener. The client is the demo member application (loopback redirect on
// any port, RFC 8252 7.3) with `--resource` the origin (/auth.md "3. Authorize": resource required in the
// member flow). Expected failures and their reasons: ./expected-failures.ts.
import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { releaseBrowser, workerBrowser, skipBrowserTests } from '../support/browser.ts';
import { consentInChromium } from '../support/consent.ts';
import { expectedFailuresOf } from './expected-failures.ts';
import { failingChecks, findCheck, freshOutputDir, runConformance, type Run } from './run.ts';

const origin = inject('primaryOrigin');
const expected = expectedFailuresOf('authorization');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(skipBrowserTests)(
  'MCP conformance suite, authorization scenarios against the authorization server (@modelcontextprotocol/conformance)',
  () => {
    let browser: Browser | undefined;
    let run: Run;
    let callback: URL | undefined;
    let browserError: unknown;

    beforeAll(async () => {
      browser = await workerBrowser();
      const page = await (await browser.newContext()).newPage();
      page.setDefaultTimeout(10_000);
      const port = await freePort();
      const callbackPrefix = `http://127.0.0.1:${port}/callback`;
      let browserStep: Promise<void> | undefined;
      run = await runConformance(
        [
          'authorization',
          '--url',
          origin,
          '--client-id',
          CLIENTS.memberApp,
          '--resource',
          origin,
          '--port',
          String(port),
        ],
        freshOutputDir('authorization'),
        {
          timeoutMs: 45_000,
          // The person's part: once the suite has printed the URL and its callback listener is up.
          onOutput: (output) => {
            const url = /Access the following URL in your browser[^\n]*\n(\S+)/.exec(output)?.[1];
            if (browserStep || !url || !output.includes(`Callback server started: http://127.0.0.1:${port}`)) return;
            browserStep = consentInChromium(page, url, callbackPrefix, { email: ACCOUNTS.student }).then(
              (landed) => void (callback = landed),
              (error: unknown) => void (browserError = error),
            );
          },
        },
      );
      await browserStep;
    }, 60_000);

    afterAll(async () => {
      await releaseBrowser(browser);
    });

    it('authorization-server-metadata-endpoint passes: 200 JSON, issuer equal to the URL, endpoints, code with S256, client_id_metadata_document_supported (RFC 8414 2, 3.3; MCP 2025-11-25 Authorization)', () => {
      expect(
        findCheck(run.results, 'authorization-server-metadata-endpoint', 'authorization-server-metadata')?.status,
        run.output,
      ).toBe('SUCCESS');
      expect(
        findCheck(run.results, 'authorization-server-metadata-endpoint', 'authorization-server-metadata-cimd')?.status,
      ).toBe('SUCCESS');
    });

    it("authorization-code-grant: the suite's browser step is driven in Chromium and lands on its callback with state and iss (RFC 6749 4.1.2; RFC 9207 2)", () => {
      expect(browserError).toBeUndefined();
      expect(callback, run.output).toBeDefined();
      expect(callback!.searchParams.get('state')).toBeTruthy();
      expect(callback!.searchParams.get('iss')).toBe(origin);
    });

    it('fails exactly the listed expected failures, each for its listed reason (expected-failures.ts)', () => {
      expect(failingChecks(run.results)).toEqual(expected.map((f) => `${f.scenario}:${f.check}`).sort());
      for (const failure of expected) {
        const check = findCheck(run.results, failure.scenario, failure.check);
        expect(check?.status).toBe(failure.status);
        expect(check?.errorMessage ?? '').toMatch(failure.error);
      }
      expect(run.exitCode).toBe(expected.length > 0 ? 1 : 0);
    });
  },
);
