// Getting around the rate limits (/auth.md "Rate limits", met with hostile input): the MCP
// tool-call limit (/auth.md: "mcp tool calls per token", per address when anonymous) counts calls,
// not requests. JSON-RPC batches left MCP in 2025-06-18, but the server still answers them for
// older protocol revisions, up to 10 tool calls a batch (/auth.md "Request bounds"; JSON-RPC 2.0 6):
// counted once per request, a batch would multiply the limit tenfold.
import { expect, inject, it } from 'vitest';
import { json, send } from './fuzz-kit.ts';

const origin = inject('primaryOrigin');

it(
  'a JSON-RPC batch of tool calls spends one unit of the per-caller limit per call, not per request (/auth.md "Rate limits": MCP tool calls per token; JSON-RPC 2.0 6)',
  { timeout: 60_000 },
  async () => {
    const authMd = await (await fetch(`${origin}/auth.md`)).text();
    const limit = Number(/mcp tool calls per token \| (\d+) per 1 minute/i.exec(authMd)?.[1]);
    expect(limit, '/auth.md documents the tool-call limit').toBeGreaterThan(0);
    const batchSize = Math.min(10, limit);
    const batch = JSON.stringify(
      Array.from({ length: batchSize }, (_, i) => ({
        jsonrpc: '2.0',
        id: i + 1,
        method: 'tools/call',
        params: { name: 'whoami', arguments: {} },
      })),
    );
    // Anonymous, from an address of its own: the limit is per address, and no other suite uses this one.
    const post = () =>
      send(origin, {
        method: 'POST',
        target: '/mcp',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-03-26',
        },
        body: batch,
        from: '127.0.1.2',
      });

    // Counting per call, the limit is spent within two batches of one fixed window; a window may end
    // between two batches once, so a refusal must come by the fourth batch (a per-request count
    // would let every one of them through).
    const calls = Math.ceil((2 * limit) / batchSize) + 2;
    let answered = 0;
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < calls && !refused; i++) {
      const response = await post();
      if (response.status === 429) refused = response;
      else {
        expect(response.status).toBe(200);
        answered += (json(response.text) as unknown[]).length;
      }
    }
    expect(
      refused,
      `${answered} tool calls answered in ${calls} batches of ${batchSize} against a limit of ${limit} a minute`,
    ).toBeDefined();
    expect(refused!.headers['retry-after']).toMatch(/^\d+$/);
    expect(json(refused!.text)).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
  },
);
