// The "Time-driven and operational events" section of /webhooks.md: when enrollment.expired
// follows an expiry, and what webhook_endpoint.failing and webhook_endpoint.disabled tell, at this
// deployment's EXPIRY_SWEEP_MS and WEBHOOK_FAILING_NOTICE_MS (services/time-driven-events.ts,
// services/webhooks/endpoint-notices.ts).
import type { Config } from '../../config/config.ts';
import { approximately } from './webhooks-md-time.ts';

export function webhookTimeEventSection(config: Config): string {
  const { sweepMs, failingNoticeMs } = config.timeEvents;
  return `## Time-driven and operational events

- \`enrollment.expired\` is sent when an operator ends an enrollment (\`expireEnrollment\`) and when its \`expires_at\` passes, within ${approximately(sweepMs)} of it; once for each end, however many instances of the service run.
- \`webhook_endpoint.failing\`: another endpoint of the school has failed on every delivery for ${approximately(failingNoticeMs)} without a success; sent once per such run (a success ends the run).
- \`webhook_endpoint.disabled\`: another endpoint of the school was disabled (\`disabled_reason\` says why); sent once per disable.
- Both carry the endpoint as \`getWebhookEndpoint\` answers it, never its secret, and need \`webhooks:read\`. The endpoint concerned is never sent its own notice. The school's owners and admins are mailed about the same run or disable (not about a disable one of them made).
- A subscription's period end sends nothing of its own: \`subscription.canceled\` is sent when the cancel is made, now or at the period end.`;
}
