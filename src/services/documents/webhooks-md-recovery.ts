// The "Wildcards" and "Events and recovery" sections of /webhooks.md: what an endpoint's
// `*` and `<resource>.*` stand for (services/webhooks/catalogue.ts), the event log and its
// retention at this deployment (WEBHOOK_EVENTS_RETENTION_DAYS), and recovering an endpoint from it
// with its bounds (services/webhooks/recovery.ts).
import { typesSelectedBy, WEBHOOK_EVENT_WILDCARDS } from '../webhooks/catalogue.ts';
import { RECOVERY_MAX_EVENTS } from '../webhooks/recovery.ts';

export function webhookWildcardSection(): string {
  const rows = WEBHOOK_EVENT_WILDCARDS.filter((w) => w !== '*')
    .map(
      (wildcard) =>
        `| \`${wildcard}\` | ${typesSelectedBy([wildcard])
          .map((type) => `\`${type}\``)
          .join(', ')} |`,
    )
    .join('\n');
  return `## Wildcards

An endpoint's \`event_types\` may hold, beside types, \`*\` (every type of the catalogue) and \`<resource>.*\` (every type of one resource). They are resolved each time an event is written, so a type the catalogue gains later reaches the endpoints whose wildcard covers it, with no change to the endpoint; \`event_types\` keeps the wildcard as written.

| Wildcard | Today's types |
|---|---|
${rows}

A wildcard is still gated by scope ("Who may receive what"): creating or changing an endpoint with one needs the read scope of every type it covers now (\`*\` needs them all, \`course.*\` both \`courses:read\` and \`students:read\`), and a token lacking one is refused with \`403\` \`insufficient-scope\` rather than quietly subscribed to less; list the types you may read instead. Each delivery is then sent only while the endpoint's owner may still read its type, as for types named one by one.`;
}

export function webhookRecoverySection(retentionDays: number): string {
  return `## Events and recovery

Every event is recorded when its change commits, whether or not an endpoint subscribes, and kept **${retentionDays} days** (this deployment's \`WEBHOOK_EVENTS_RETENTION_DAYS\`):

- \`GET /api/v1/webhook-events\` (\`listWebhookEvents\`, \`webhooks:read\`) lists them newest first, each the exact body its deliveries send, with \`limit\` and \`cursor\` like every admin list, \`type\`, and \`created_after\` (inclusive) and \`created_before\` (exclusive), compared with each event's \`created_at\`. Only the types whose read scope your token holds are listed ("Who may receive what"); naming a \`type\` you may not read is \`403\` \`insufficient-scope\`. Test events are not listed.
- \`GET /api/v1/webhook-events/{webhook_event_id}\` (\`getWebhookEvent\`) reads one; an event of a type you may not read is \`403\` \`insufficient-scope\` naming the scope to ask for (the id is unguessable and you read the log already), an unknown or expired one \`404\`.
- \`POST /api/v1/webhooks/{webhook_id}/recover\` (\`recoverWebhookEndpoint\`, \`webhooks:write\`) with \`since\` and optionally \`until\` (now when left out) queues, oldest first, every event in \`[since, until)\` that the endpoint subscribes to now (types and wildcards) and its owner may read now, and that it has neither received nor is waiting for: what it missed while disabled or failing, and what happened before it was created. The deliveries carry the events' own \`webhook-id\` and body, so a receiver that deduplicates by \`webhook-id\` can recover freely; calling again queues nothing twice. The answer is \`202\` with \`queued\`. Bounds: \`since\` within the last ${retentionDays} days and before \`until\` (\`400\` naming the field otherwise), at most ${RECOVERY_MAX_EVENTS} events a call (\`more\` is then \`true\`: call again with the same range for the next ones), an enabled endpoint (\`422\` otherwise: enable it first), and the rate limit under "Limits". The admin area's page of an endpoint offers it too.`;
}
