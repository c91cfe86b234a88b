// The "Delivery errors" section of /webhooks.md, listed from the one classifier
// (services/webhooks/delivery-error.ts), so the page names exactly the classes `last_error` carries.
import { DELIVERY_ERROR_CLASSES } from '../webhooks/delivery-error.ts';

export function webhookErrorSection(): string {
  const rows = Object.entries(DELIVERY_ERROR_CLASSES)
    .map(([name, words]) => `| \`${name}\` | ${words} |`)
    .join('\n');
  return `## Delivery errors

A failed attempt's \`last_error\` (\`listWebhookDeliveries\`, \`getWebhookDelivery\`) is one class and fixed words, \`<class>: <words>\`; \`http_status\` adds the status. It never names an address, what a host name resolved to, a port or the network stack's own message: those would map the deployment's network to whoever reads the deliveries. To see more, look at the receiver's side.

| Class | Meaning |
|---|---|
${rows}`;
}
