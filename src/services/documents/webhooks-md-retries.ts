// The "Retries and disabling" section of /webhooks.md, computed from the retry schedule at this
// deployment's WEBHOOK_RETRY_BASE_MS (services/webhooks/retry-schedule.ts holds both rules).
import { MAX_ATTEMPTS, RETRY_JITTER, retryDelayMs, retryWindowMs, scheduleSpanMs } from '../webhooks/retry-schedule.ts';
import { approximately } from './webhooks-md-time.ts';

/** The nominal wait (no jitter), and the longest (`random` just under 1). */
const NOMINAL = 0.5;
const LONGEST = 1 - Number.EPSILON;

export function webhookRetrySection(baseMs: number): string {
  const rows: string[] = [];
  let sinceFirst = 0;
  for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts++) {
    const wait = retryDelayMs(attempts, baseMs, NOMINAL)!;
    sinceFirst += wait;
    rows.push(`| ${attempts + 1} | ${approximately(wait)} | ${approximately(sinceFirst)} |`);
  }
  const window = approximately(retryWindowMs(baseMs));
  return `## Retries and disabling

An attempt fails unless a \`2xx\` answer ends within the deadline above. A failed delivery is tried again with the same \`webhook-id\` and body, ${MAX_ATTEMPTS} attempts in all, after waits that grow fourfold up to a cap (Standard Webhooks "Retry schedule"). Each wait is drawn within ±${Math.round(RETRY_JITTER * 100)} % of the figure below, so that receivers that failed together are not retried together.

| Attempt | Waits after the one before | Comes after the first |
|---|---|---|
| 1 | none: sent when the change commits | — |
${rows.join('\n')}

The last attempt therefore comes between ${window} and ${approximately(scheduleSpanMs(baseMs, LONGEST))} after the first. A delivery that fails it too is \`failed\`; \`redeliverWebhookDelivery\` sends it once more.

An endpoint is disabled (\`status\` \`disabled\`, with an entry in the school's audit log):

- at once when it answers \`410 Gone\` (\`disabled_reason\` \`gone\`);
- when a delivery fails its last attempt and no delivery to the endpoint has succeeded for at least ${window}, the shortest a whole schedule takes: it has failed for a whole schedule (\`disabled_reason\` \`failing\`).

Its deliveries still waiting are then \`abandoned\`; one being sent at that moment ends as its attempt says, and \`abandoned\` if it would be tried again. \`updateWebhookEndpoint\` with \`{"enabled": true}\` enables it again; then redeliver what it missed.`;
}
