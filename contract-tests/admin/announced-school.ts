// A school of a test's own whose webhook endpoint receives the event types a test counts: the
// deliveries are queued in the transaction of each change (services/webhooks/outbox.ts), so
// listing them through the admin API counts the events the school recorded.
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import type { ListWebhookDeliveriesResponse } from '../../generated/openapi/client/types.gen.ts';
import type { Instance } from '../reliability/instance.ts';
import { startOwnInstance } from '../service/own-instance.ts';
import { adminClient } from '../support/admin-client.ts';
import { answered } from '../support/answered.ts';
import { operatorToken } from '../support/tokens.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { allPages } from './commerce-fixtures.ts';

export type AnnouncedSchool = {
  instance: Instance;
  client: ReturnType<typeof adminClient>;
  /** The student the test acts for. */
  personId: string;
  /** Every delivery to the school's endpoint so far, newest first. */
  endpointId: string;
  deliveries: () => Promise<ListWebhookDeliveriesResponse['data']>;
  stop: () => Promise<void>;
};

export async function startAnnouncedSchool(
  scopes: string,
  eventTypes: readonly string[],
  studentEmail: string,
): Promise<AnnouncedSchool> {
  const receiver: Receiver = await startReceiver();
  const instance = await startOwnInstance({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_POLL_MS: '50' });
  const client = adminClient(instance.origin, await operatorToken(instance.origin, scopes));
  const body = { url: receiver.url('/ok'), event_types: [...eventTypes] as never };
  const endpointId = (await answered(sdk.createWebhookEndpoint({ client, body }))).id;
  const personId = (await answered(sdk.listStudents({ client, query: { q: studentEmail } }))).data[0]!.id;
  return {
    instance,
    client,
    personId,
    endpointId,
    deliveries: () =>
      allPages((cursor) =>
        sdk.listWebhookDeliveries({ client, path: { webhook_id: endpointId }, query: { limit: 100, cursor } }),
      ),
    async stop() {
      await instance.stop();
      await receiver.close();
    },
  };
}
