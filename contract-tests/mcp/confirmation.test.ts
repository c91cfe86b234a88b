// The confirmation before an operator tool deletes, refunds, removes a person or changes roles
// (docs/agents.md "MCP"; MCP 2026-07-28 multi-round-trip requests, SEP-2322): on a 2026-07-28 request the
// first call answers `input_required` with a yes/no elicitation and a sealed requestState; only the
// retry of the same call carrying an accepted "yes" runs it. The v2 client pinned to 2026-07-28
// answers the elicitation through its handler, as a host asks its user.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorToken } from '../support/tokens.ts';
import { modernRpc } from './mcp-client.ts';

const origin = inject('primaryOrigin');
const mcpUrl = new URL('/mcp', origin);
let token: string;
beforeAll(async () => {
  token = await operatorToken(origin, 'openid courses:read courses:write');
});

/** An operator's v2 client pinned to 2026-07-28 whose user answers every confirmation with `answer`. */
async function operatorClient(answer: 'yes' | 'no', asked: string[]): Promise<Client> {
  const client = new Client(
    { name: 'confirmation', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  client.setRequestHandler('elicitation/create', (request) => {
    asked.push(request.params.message);
    return answer === 'yes' ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
  });
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
  return client;
}

async function draftCourse(client: Client, title: string): Promise<string> {
  const created = await client.callTool({ name: 'create_course', arguments: { title } });
  expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
  return (created.structuredContent as { id: string }).id;
}

const deleteCourse = (id: string) => ({
  name: 'call_operation',
  arguments: { operation: 'delete_course', arguments: { course_id: id } },
});

async function courseStatus(client: Client, id: string): Promise<'present' | 'gone'> {
  const read = await client.callTool({ name: 'get_course', arguments: { course_id: id } });
  return read.isError ? 'gone' : 'present';
}

/** A raw 2026-07-28 tools/call (mcp-client.ts modernRpc), for what the SDK client would never send. */
async function rawCall(
  params: Record<string, unknown>,
  capabilities: Record<string, unknown> = { elicitation: { form: {} } },
) {
  const response = await modernRpc(origin, 'tools/call', params, { token, capabilities });
  return {
    status: response.status,
    ...((await response.json()) as { result?: Record<string, unknown>; error?: { code: number } }),
  };
}

describe('confirmation before an operator deletes (MCP 2026-07-28 input_required, SEP-2322)', () => {
  it('asks once, naming the operation and its arguments, and deletes after "yes"', async () => {
    const asked: string[] = [];
    const client = await operatorClient('yes', asked);
    try {
      const id = await draftCourse(client, 'Confirmed deletion');
      const deleted = await client.callTool(deleteCourse(id));
      expect(deleted.isError, JSON.stringify(deleted.content)).toBeFalsy();
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain('DELETE /api/v1/courses/{course_id}');
      expect(asked[0]).toContain(id);
      expect(await courseStatus(client, id)).toBe('gone');
    } finally {
      await client.close();
    }
  });

  it('runs nothing when the user declines, and says so as a tool error', async () => {
    const asked: string[] = [];
    const client = await operatorClient('no', asked);
    try {
      const id = await draftCourse(client, 'Declined deletion');
      const refused = await client.callTool(deleteCourse(id));
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('was not confirmed');
      expect(asked).toHaveLength(1);
      expect(await courseStatus(client, id)).toBe('present');
    } finally {
      await client.close();
    }
  });

  it('does not ask before what is not destructive (create_course)', async () => {
    const asked: string[] = [];
    const client = await operatorClient('yes', asked);
    try {
      await draftCourse(client, 'No question');
      expect(asked).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('takes a "yes" only with the requestState sealed for the same call: none, a forged one or another call\'s runs nothing', async () => {
    const client = await operatorClient('yes', []);
    let id: string;
    let other: string;
    try {
      [id, other] = [await draftCourse(client, 'Guarded'), await draftCourse(client, 'Other')];
    } finally {
      await client.close();
    }
    const yes = { confirm: { action: 'accept', content: { confirm: true } } };
    // A "yes" without the round's state is a new call: it is asked again.
    const unasked = await rawCall({ ...deleteCourse(id), inputResponses: yes });
    expect(unasked.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { confirm: expect.any(Object) },
    });
    const state = unasked.result!.requestState as string;
    // The state of this call does not confirm another course's deletion.
    const otherCall = await rawCall({ ...deleteCourse(other), inputResponses: yes, requestState: state });
    expect(otherCall.result?.resultType).toBe('input_required');
    // A forged or altered state is refused before anything runs (-32602).
    const forged = await rawCall({
      ...deleteCourse(id),
      inputResponses: yes,
      requestState: `${state.slice(0, -4)}AAAA`,
    });
    expect(forged.error?.code).toBe(-32602);
    const reader = await operatorClient('no', []);
    try {
      expect(await courseStatus(reader, id)).toBe('present');
      expect(await courseStatus(reader, other)).toBe('present');
      // With its own state the same call runs.
      const confirmed = await rawCall({ ...deleteCourse(id), inputResponses: yes, requestState: state });
      expect(confirmed.result?.resultType).toBe('complete');
      expect(confirmed.result?.isError).toBeFalsy();
      expect(await courseStatus(reader, id)).toBe('gone');
    } finally {
      await reader.close();
    }
  });

  it('tells a client that declares no elicitation capability so: 400 with -32021, and runs nothing (SEP-2322; SEP-2575)', async () => {
    const client = await operatorClient('yes', []);
    try {
      const id = await draftCourse(client, 'No elicitation');
      const refused = await rawCall(deleteCourse(id), {});
      expect(refused.status).toBe(400);
      expect(refused.error?.code).toBe(-32021);
      expect(await courseStatus(client, id)).toBe('present');
    } finally {
      await client.close();
    }
  });
});
