// The "Who may receive what" section of /webhooks.md: the rule of services/webhooks/owner-standing.ts
// and the read scope of each event type, listed from the catalogue (services/webhooks/catalogue.ts).
import { READ_SCOPES_OF_EVENTS, WEBHOOK_EVENTS } from '../webhooks/catalogue.ts';

export function webhookAccessSection(): string {
  const rows = READ_SCOPES_OF_EVENTS.map((scope) => {
    const types = WEBHOOK_EVENTS.filter((event) => event.scope === scope).map((event) => `\`${event.type}\``);
    return `| \`${scope}\` | ${types.join(', ')} |`;
  }).join('\n');
  return `## Who may receive what

Events carry what the admin API shows only to tokens with the resource's read scope, so they follow the same scopes. Each event type needs the scope of the operations that read its \`data\`:

| Scope | Event types |
|---|---|
${rows}

- Creating an endpoint, or changing one, needs that scope for every event type it subscribes to afterwards, beside \`webhooks:write\`; without it the answer is \`403\` \`insufficient-scope\` naming it.
- The person who created an endpoint is its owner. A delivery is sent only while the owner's roles at the school still allow them that scope, by the rule that narrows their own tokens (/auth.md "Access follows the school"): once they are demoted to a role that may not hold it, or removed, each delivery is recorded \`failed\` with \`last_error\` \`owner_standing\`, is never sent and never retried. The endpoint stays enabled: once the owner's roles allow the scope again it sends from the next event on, and \`redeliverWebhookDelivery\` sends what it missed; otherwise delete it, and an operator who may read these events creates a new one.
- Reading a delivery's body (\`getWebhookDelivery\`) needs the scope of its event type on the reader's token, and is refused (\`403\` \`owner-standing\`) while the endpoint's owner may not read it.`;
}
