// An instance of a webhook suite's own (development addresses allowed, so deliveries reach the
// loopback receiver), that receiver, and an admin client with `scopes`; `stop` ends all three.
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import type { Instance } from '../reliability/instance.ts';
import { startOwnInstance } from '../service/own-instance.ts';
import { startReceiver, type Receiver } from './receiver.ts';

export type WebhookInstance = {
  instance: Instance;
  receiver: Receiver;
  client: ReturnType<typeof adminClient>;
  stop: () => Promise<void>;
};

export async function startWebhookInstance(env: Record<string, string>, scopes: string): Promise<WebhookInstance> {
  const receiver = await startReceiver();
  const instance = await startOwnInstance({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', ...env });
  const client = adminClient(instance.origin, await operatorToken(instance.origin, scopes));
  return {
    instance,
    receiver,
    client,
    stop: async () => {
      await receiver.close();
      await instance.stop();
    },
  };
}
