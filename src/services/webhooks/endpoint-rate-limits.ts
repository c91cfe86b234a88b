// /webhooks.md "Limits": redelivery, test events, recovery and secret rotation each make the service
// act on one endpoint (signed POSTs, or a new secret), so each is counted per endpoint through the shared
// rate limiter (/auth.md "Rate limits"), whichever surface asks: the admin API, its MCP tools, the
// admin area.
import { RateLimited } from '../errors.ts';
import { rateLimitHeaders, type RateLimiter, type RatePolicyName } from '../rate-limiter.ts';

export type EndpointActionPolicy = Extract<
  RatePolicyName,
  | 'webhookRedeliveriesPerEndpoint'
  | 'webhookTestEventsPerEndpoint'
  | 'webhookSecretRotationsPerEndpoint'
  | 'webhookRecoveriesPerEndpoint'
>;

/** @throws RateLimited (429, Retry-After) once the endpoint's window of `policy` is spent. */
export async function limitEndpointAction(
  limiter: RateLimiter,
  policy: EndpointActionPolicy,
  endpointId: string,
): Promise<void> {
  const decision = await limiter.consume(`${policy}:${endpointId}`, policy);
  if (decision.allowed) return;
  throw new RateLimited(
    `Too many requests of this kind for this webhook endpoint; try again in ${decision.resetSeconds} s.`,
    decision.resetSeconds,
    rateLimitHeaders(decision, limiter.policy(policy)),
  );
}
