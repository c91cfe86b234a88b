// An operator's agent manages webhooks through /mcp with the official MCP SDK client, as
// docs/agents.md "MCP" describes: webhook operations are not direct tools, so the agent finds them with
// search_operations, reads one with describe_operation and runs them with call_operation, whose
// results are the REST handlers'. On an instance of this file's own, where a loopback receiver is
// allowed (WEBHOOK_ALLOW_PRIVATE_ADDRESSES, development only), so the endpoint it creates is real.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, rpc, textOf, toolsCall } from '../mcp/mcp-client.ts';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable, startOwnInstance } from '../service/own-instance.ts';
import { operatorToken } from '../support/tokens.ts';
import { startReceiver, type Receiver } from './receiver.ts';

type Found = { name: string; required_scopes: string[]; annotations: { readOnlyHint: boolean } };
type Page<T> = { data: T[]; next_cursor: string | null };
type Endpoint = { id: string; url: string; status: string; secret: string; event_types: string[] };
type Delivery = { id: string; event_id: string; event_type: string; status: string; attempts: number };

describe.skipIf(ownInstanceUnavailable)(
  'webhooks through MCP (docs/agents.md "MCP": search_operations, call_operation)',
  () => {
    let instance: Instance;
    let receiver: Receiver;
    let agent: Client;

    beforeAll(async () => {
      receiver = await startReceiver();
      instance = await startOwnInstance({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_POLL_MS: '50' });
      agent = await connect(
        instance.origin,
        await operatorToken(instance.origin, 'webhooks:read webhooks:write courses:read'),
      );
    }, 120_000);
    afterAll(async () => {
      await agent?.close();
      await receiver?.close();
      await instance?.stop();
    });

    it('an agent with webhooks scopes finds the webhook operations, creates an endpoint, sends it a test event and lists its deliveries', async () => {
      const { tools } = await agent.listTools();
      expect(tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['search_operations', 'describe_operation', 'call_operation']),
      );

      const found = await call<Page<Found>>(agent, 'search_operations', { query: 'webhook', limit: 50 });
      expect(found.isError, textOf(found)).toBeFalsy();
      const names = found.structuredContent.data.map((f) => f.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'create_webhook_endpoint',
          'list_webhook_endpoints',
          'send_webhook_test_event',
          'list_webhook_deliveries',
          'redeliver_webhook_delivery',
        ]),
      );
      for (const f of found.structuredContent.data)
        expect(
          f.required_scopes.every((s) => s.startsWith('webhooks:')),
          f.name,
        ).toBe(true);

      const described = await call(agent, 'describe_operation', { operation: 'create_webhook_endpoint' });
      expect(described.isError, textOf(described)).toBeFalsy();
      expect(JSON.stringify(described.structuredContent)).toContain('event_types');

      const created = await call<Endpoint>(agent, 'call_operation', {
        operation: 'create_webhook_endpoint',
        arguments: { url: receiver.url('/ok'), event_types: ['course.published'], description: 'Agent receiver' },
      });
      expect(created.isError, textOf(created)).toBeFalsy();
      const endpoint = created.structuredContent;
      expect(endpoint).toMatchObject({
        url: receiver.url('/ok'),
        status: 'enabled',
        event_types: ['course.published'],
      });
      expect(endpoint.secret).toMatch(/^whsec_/);

      const sent = await call<Delivery>(agent, 'call_operation', {
        operation: 'send_webhook_test_event',
        arguments: { webhook_id: endpoint.id },
      });
      expect(sent.isError, textOf(sent)).toBeFalsy();
      const delivery = sent.structuredContent;
      await receiver.until((all) => all.some((r) => r.headers['webhook-id'] === delivery.event_id), 10_000);
      const request = receiver.received.find((r) => r.headers['webhook-id'] === delivery.event_id)!;
      // The secret the agent was given is the one the delivery is signed with (Standard Webhooks).
      expect(new Webhook(endpoint.secret).verify(request.body, request.headers)).toMatchObject({
        type: 'webhook.test',
      });

      await expect
        .poll(
          async () => {
            const listed = await call<Page<Delivery>>(agent, 'call_operation', {
              operation: 'list_webhook_deliveries',
              arguments: { webhook_id: endpoint.id },
            });
            expect(listed.isError, textOf(listed)).toBeFalsy();
            return listed.structuredContent.data;
          },
          { timeout: 10_000, interval: 100 },
        )
        .toEqual([
          expect.objectContaining({ id: delivery.id, event_type: 'webhook.test', status: 'succeeded', attempts: 1 }),
        ]);
    }, 30_000);

    it('an agent without webhooks scopes finds no webhook operation, and calling one is the scope step-up (MCP step-up; RFC 6750 3.1)', async () => {
      const token = await operatorToken(instance.origin, 'courses:read');
      const other = await connect(instance.origin, token);
      try {
        const found = await call<Page<Found>>(other, 'search_operations', { query: 'webhook' });
        expect(found.isError, textOf(found)).toBeFalsy();
        expect(found.structuredContent.data).toEqual([]);
      } finally {
        await other.close();
      }
      const response = await rpc(
        instance.origin,
        toolsCall('call_operation', { operation: 'list_webhook_endpoints', arguments: {} }),
        { authorization: `Bearer ${token}` },
      );
      expect(response.status).toBe(403);
      expect(response.headers.get('www-authenticate')).toMatch(/scope="[^"]*webhooks:read/);
    });
  },
);
