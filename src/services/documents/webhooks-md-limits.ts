// The "Limits" section of /webhooks.md: the endpoint cap of this deployment
// (WEBHOOK_ENDPOINTS_PER_SCHOOL) and the per-endpoint rate limits with their values here
// (services/rate-limiter.ts RATE_POLICIES, after RATE_LIMIT_OVERRIDES), so the page says what applies.
import type { RatePolicy } from '../rate-limiter.ts';
import type { EndpointActionPolicy } from '../webhooks/endpoint-rate-limits.ts';
import { approximately } from './webhooks-md-time.ts';

const ACTIONS: Record<EndpointActionPolicy, string> = {
  webhookRedeliveriesPerEndpoint: '`redeliverWebhookDelivery`',
  webhookTestEventsPerEndpoint: '`sendWebhookTestEvent`',
  webhookSecretRotationsPerEndpoint: '`rotateWebhookSecret`',
  webhookRecoveriesPerEndpoint: '`recoverWebhookEndpoint`',
};

export function webhookLimitSection(
  endpointsPerSchool: number,
  policy: (name: EndpointActionPolicy) => RatePolicy,
): string {
  const rows = (Object.keys(ACTIONS) as EndpointActionPolicy[])
    .map((name) => {
      const p = policy(name);
      return `| ${ACTIONS[name]} | ${p.limit} per endpoint per ${approximately(p.windowSeconds * 1000)} |`;
    })
    .join('\n');
  return `## Limits

Every event is one signed request to each endpoint subscribed to it, so the fan-out is bounded. A school has at most **${endpointsPerSchool}** endpoints (this deployment's \`WEBHOOK_ENDPOINTS_PER_SCHOOL\`); creating one more is \`409\` with the problem type \`limit-reached\`: delete one first.

What makes the service send or re-key on demand is rate limited per endpoint, whoever asks (the admin API, its MCP tools, the admin area). A refusal is \`429\` with \`Retry-After\` and the \`RateLimit\` and \`RateLimit-Policy\` headers (/auth.md "Rate limits"):

| Operation | Limit |
|---|---|
${rows}`;
}
