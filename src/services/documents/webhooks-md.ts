// /webhooks.md: what a receiver of this school's webhooks needs, in one page. Every figure and
// list comes from where the rule lives, so the page cannot drift from what the service does: the
// event catalogue (services/webhooks/catalogue.ts), the retry schedule and disable rule at this
// deployment's WEBHOOK_RETRY_BASE_MS (retry-schedule.ts), the worker's limits and timeout, the
// rotation overlap, the history's retention (WEBHOOK_EVENTS_RETENTION_DAYS), wildcards, the event log and recovery, the scopes and the Webhooks operations of the spec.
import { operations } from '../../../generated/openapi/operations.ts';
import type { Config } from '../../config/config.ts';
import { markdownInline, type SchoolText } from '../../lib/markdown-escape.ts';
import { SCOPES } from '../auth/scopes.ts';
import { ratePolicyOf } from '../rate-limiter.ts';
import type { Site } from '../school/sites.ts';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_PAYLOAD_VERSION,
  WEBHOOK_PAYLOAD_VERSIONS,
  WEBHOOK_TEST_EVENT,
} from '../webhooks/catalogue.ts';
import { IN_FLIGHT_PER_ENDPOINT } from '../webhooks/delivery-worker.ts';
import { ROTATION_OVERLAP_MAX_SECONDS, ROTATION_OVERLAP_SECONDS } from '../webhooks/secrets.ts';
import { webhookAccessSection } from './webhooks-md-access.ts';
import { webhookErrorSection } from './webhooks-md-errors.ts';
import { webhookLimitSection } from './webhooks-md-limits.ts';
import { webhookPaceSection } from './webhooks-md-pace.ts';
import { webhookRecoverySection, webhookWildcardSection } from './webhooks-md-recovery.ts';
import { webhookRetrySection } from './webhooks-md-retries.ts';
import { approximately } from './webhooks-md-time.ts';
import { webhookTimeEventSection } from './webhooks-md-time-events.ts';

/** Standard Webhooks' reference libraries (the sender signs with the JavaScript one). */
const LIBRARIES = 'https://github.com/standard-webhooks/standard-webhooks/tree/main/libraries';

export function renderWebhooksMd(site: Site, config: Config, schoolText: SchoolText = markdownInline): string {
  const o = site.origin;
  const schema = (name: string) => `[\`${name}\`](${o}/openapi.json#/components/schemas/${name})`;
  const scopeLines = SCOPES.filter((s) => s.name.startsWith('webhooks:'))
    .map((s) => `- \`${s.name}\`: ${s.meaning}.`)
    .join('\n');
  const operationLines = Object.entries(operations)
    .filter(([, op]) => (op.tags as readonly string[]).includes('Webhooks'))
    .map(
      ([id, op]) =>
        `- \`${op.method.toUpperCase()} ${op.path}\` (\`${id}\`, \`${op.scopes.join(' ')}\`): ${op.summary}`,
    )
    .join('\n');
  const eventRows = WEBHOOK_EVENTS.map(
    (e) => `| \`${e.type}\` | ${e.meaning} | \`${e.scope}\` | ${schema(e.data)} | ${schema(e.schema)} |`,
  ).join('\n');
  // School text is never document structure: the school's name is one run of literal text.
  return `# Webhooks of ${schoolText(site.name)}

> What a receiver of this school's webhooks gets and how to check it: the envelope, the signature, versions, retries and the catalogue of events. Every body and \`data\` shape is a named schema of ${o}/openapi.json.

## Endpoints

An operator token with \`webhooks:write\` (${o}/auth.md) registers an \`https\` URL and the event types it wants through the admin API, and gets the endpoint's signing secret (\`whsec_…\`) once, at creation and at each rotation. The receiver itself needs no token.

${scopeLines}

${operationLines}

${webhookAccessSection()}

${webhookWildcardSection()}

## The envelope

Every delivery is one \`POST\` of one event as JSON (schema ${schema('WebhookEvent')}):

| Field | What |
|---|---|
| \`id\` | The event's id (UUID), also the \`webhook-id\` header. Delivery is at least once: drop an id you have processed. |
| \`type\` | One of the types below, or \`${WEBHOOK_TEST_EVENT}\` (${schema('WebhookTestEvent')}, sent only by \`sendWebhookTestEvent\`). |
| \`version\` | The payload version the endpoint pinned: ${WEBHOOK_PAYLOAD_VERSIONS.map((v) => `\`${v}\``).join(', ')}. |
| \`created_at\` | When the change committed (ISO 8601 UTC). Deliveries may arrive out of order: compare it. |
| \`school\` | This school: \`id\`, \`slug\`, \`name\` (plain text) and \`url\` (${o}). |
| \`data\` | The resource as the admin API returns it, in the schema the table below names. |

\`\`\`json
{
  "id": "6f0c8a52-1e0d-4f6b-9d0a-55b1a4f2c002",
  "type": "enrollment.created",
  "version": "${WEBHOOK_PAYLOAD_VERSION}",
  "created_at": "2026-11-27T09:06:00.000Z",
  "school": { "id": "…", "slug": "…", "name": "…", "url": "…" },
  "data": { "id": "…", "student": { "…": "…" }, "course": { "…": "…" }, "status": "active", "percent_complete": 0 }
}
\`\`\`

## Verifying a delivery (Standard Webhooks)

Each request carries the headers of Standard Webhooks (https://www.standardwebhooks.com):

- \`webhook-id\`: the event's \`id\`, the same on every attempt;
- \`webhook-timestamp\`: when this attempt was signed, in whole seconds since 1970;
- \`webhook-signature\`: \`v1,\` and the base64 HMAC-SHA256 of \`{webhook-id}.{webhook-timestamp}.{body}\`, keyed with the base64-decoded part of the secret after \`whsec_\`. After a rotation the old secret signs beside the new one for the overlap the operator chose (\`overlap_seconds\`, from 0 up to ${approximately(ROTATION_OVERLAP_MAX_SECONDS * 1000)}; ${approximately(ROTATION_OVERLAP_SECONDS * 1000)} unless chosen): the header then holds two space-separated signatures, and one that matches is enough. With no overlap (a leaked secret) the old one stops signing at once.

Verify with a \`standardwebhooks\` library rather than by hand: they compare in constant time and refuse a timestamp more than five minutes from now (a replay). Pass the exact bytes received, before any JSON parsing, and the secret as answered:

\`\`\`js
import { Webhook } from 'standardwebhooks'; // npm install standardwebhooks
const event = new Webhook(secret).verify(rawBody, headers); // throws unless a signature matches
\`\`\`

\`\`\`python
from standardwebhooks.webhooks import Webhook  # pip install standardwebhooks
event = Webhook(secret).verify(raw_body, headers)
\`\`\`

Go, Java, PHP, Ruby, Rust, C# and Elixir have theirs: ${LIBRARIES}.

Answer any \`2xx\` as soon as the event is stored, and do the work afterwards: an answer that has not ended within ${approximately(config.webhooks.timeoutMs)} is a failure. Redirects are not followed (a \`3xx\` is a failure); \`410 Gone\` says never to call again and disables the endpoint. At most ${IN_FLIGHT_PER_ENDPOINT} requests to one endpoint are under way at a time.

## Versions

An endpoint pins the payload version current when it was created (its \`version\`, today \`${WEBHOOK_PAYLOAD_VERSION}\`). A change to a payload that could break a receiver comes as a new version, and every event is still written in the version each endpoint pinned, so a receiver never sees a shape it was not built for. Within a version, \`data\` follows the admin API, which changes only by addition: ignore fields you do not know.

${webhookRetrySection(config.webhooks.retryBaseMs)}

${webhookPaceSection(config.webhooks.retryBaseMs)}

${webhookLimitSection(config.webhooks.endpointsPerSchool, (name) => ratePolicyOf(name, config.rateLimitOverrides))}

${webhookErrorSection()}

${webhookTimeEventSection(config)}

## History

Deliveries (\`listWebhookDeliveries\`, with status, attempts, last response and timing), each of their attempts (\`getWebhookDelivery\` \`attempt_history\`: when it started, how long it took, the status or error class, and the first 4 KB of your answer's body, never its headers) are kept ${config.webhooks.eventsRetentionDays} days after their last change, and the events ${config.webhooks.eventsRetentionDays} days after they happened or as long as a delivery of them is kept; redeliver or recover anything you missed within that time. A delivery still waiting for an attempt is kept however old.

${webhookRecoverySection(config.webhooks.eventsRetentionDays)}

## Events

| Type | Meaning | Scope | \`data\` | Whole body |
|---|---|---|---|---|
${eventRows}
`;
}
