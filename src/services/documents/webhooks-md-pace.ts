// The "Pace" section of /webhooks.md, computed from the retry schedule's bounds at this
// deployment's WEBHOOK_RETRY_BASE_MS (services/webhooks/retry-schedule.ts clamps Retry-After) and
// the delivery worker's in-flight bound.
import { IN_FLIGHT_PER_ENDPOINT } from '../webhooks/delivery-worker.ts';
import { PACING_STATUSES } from '../webhooks/retry-after.ts';
import { clampRetryAfterMs, MAX_ATTEMPTS, MAX_POSTPONEMENTS } from '../webhooks/retry-schedule.ts';
import { approximately } from './webhooks-md-time.ts';

export function webhookPaceSection(baseMs: number): string {
  const statuses = PACING_STATUSES.map((s) => `\`${s}\``).join(' or ');
  return `## Pace

The receiver sets the pace:

- **Retry-After.** An answer ${statuses} with a \`Retry-After\` header (seconds, or an HTTP date) postpones the delivery to then, held between ${approximately(clampRetryAfterMs(0, baseMs))} and ${approximately(clampRetryAfterMs(Number.MAX_SAFE_INTEGER, baseMs))}, and pauses the whole endpoint until then (its \`paused_until\`). Such an answer is not a failure: it does not count toward the ${MAX_ATTEMPTS} attempts of the schedule nor toward disabling the endpoint, up to ${MAX_POSTPONEMENTS} times per delivery (its \`postponements\`). After that it counts like any other failure, and its wait is the schedule's or the \`Retry-After\`, whichever is longer. Without the header, or with one that does not read, ${statuses} is an ordinary failure.
- **A rate.** An endpoint's \`max_deliveries_per_second\` (\`createWebhookEndpoint\`, \`updateWebhookEndpoint\`; 1 to 1,000, \`null\` for none) caps the attempts started to it in any second, across all of the service's instances.
- **In flight.** At most ${IN_FLIGHT_PER_ENDPOINT} requests to one endpoint are under way at a time, whatever its rate.

Connections to a receiver are kept alive between deliveries.`;
}
