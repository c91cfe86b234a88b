// The JSON-RPC batch bounds of POST /mcp (/auth.md "Request bounds": a request cannot fan out without bound).
import { describe, expect, it } from 'vitest';
import { batchRefusal, MAX_BATCH_MESSAGES, MAX_BATCH_TOOL_CALLS } from './batch-limit.ts';

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'whoami', arguments: {} } });

describe('MCP batch limits (/auth.md "Request bounds")', () => {
  it('lets single messages and batches within both bounds through', () => {
    expect(batchRefusal(call(1))).toBeUndefined();
    expect(
      batchRefusal(
        Array.from({ length: MAX_BATCH_MESSAGES }, (_, i) => (i < MAX_BATCH_TOOL_CALLS ? call(i) : ping(i))),
      ),
    ).toBeUndefined();
  });

  it(`refuses a batch of more than ${MAX_BATCH_MESSAGES} messages, whatever they are`, () => {
    expect(batchRefusal(Array.from({ length: MAX_BATCH_MESSAGES + 1 }, (_, i) => ping(i)))).toMatch(
      /^Invalid Request: a batch may hold at most 20 messages/,
    );
    expect(batchRefusal(Array.from({ length: 30_000 }, () => 0))).toMatch(/holds 30000/);
  });

  it(`refuses a batch of more than ${MAX_BATCH_TOOL_CALLS} tool calls`, () => {
    expect(batchRefusal(Array.from({ length: MAX_BATCH_TOOL_CALLS + 1 }, (_, i) => call(i)))).toMatch(
      /at most 10 tools\/call messages/,
    );
  });
});
