import { describe, expect, it } from 'vitest';
import { markdownShape } from '../../../contract-tests/support/markdown-structure.ts';
import type { Config } from '../../config/config.ts';
import type { Site } from '../school/sites.ts';
import { WEBHOOK_EVENTS } from '../webhooks/catalogue.ts';
import { DELIVERY_ERROR_CLASSES } from '../webhooks/delivery-error.ts';
import { MAX_ATTEMPTS } from '../webhooks/retry-schedule.ts';
import { renderWebhooksMd } from './webhooks-md.ts';
import { approximately } from './webhooks-md-time.ts';

const site = (name: string) => ({ origin: 'https://school.test', name }) as Site;
const config = (
  retryBaseMs: number,
  timeoutMs = 10_000,
  endpointsPerSchool = 16,
  rateLimitOverrides = {},
  eventsRetentionDays = 30,
) =>
  ({
    webhooks: { retryBaseMs, timeoutMs, endpointsPerSchool, eventsRetentionDays },
    timeEvents: { sweepMs: 15_000, failingNoticeMs: 86_400_000 },
    rateLimitOverrides,
  }) as Config;

const HOSTILE =
  'Evil\n## Injected\n| a | b |\n<script>alert(1)</script> [x](javascript:alert(1)) ```\nhttps://evil.test';

describe('/webhooks.md (OpenAPI getWebhooksDocument; "School text and HTML": school text is never document structure)', () => {
  it('keeps the same structure whatever the school is called', () => {
    const plain = renderWebhooksMd(site('Demo Academy'), config(10_000));
    const hostile = renderWebhooksMd(site(HOSTILE), config(10_000));
    expect(markdownShape(hostile)).toEqual(markdownShape(plain));
    expect(hostile).not.toContain('<script>');
  });

  it('has a row for every catalogued event with its meaning and both schemas', () => {
    const page = renderWebhooksMd(site('Demo Academy'), config(10_000));
    for (const event of WEBHOOK_EVENTS) {
      const row = page.split('\n').find((line) => line.startsWith(`| \`${event.type}\` |`));
      expect(row, event.type).toContain(` ${event.meaning} `);
      expect(row, event.type).toContain(` \`${event.scope}\` `);
      expect(row, event.type).toContain(`#/components/schemas/${event.schema})`);
      expect(row, event.type).toContain(`#/components/schemas/${event.data})`);
    }
  });

  it("states the retry schedule and the disable threshold of the deployment's WEBHOOK_RETRY_BASE_MS (retry-schedule.ts)", () => {
    const standard = renderWebhooksMd(site('Demo Academy'), config(10_000));
    expect(standard).toContain(`${MAX_ATTEMPTS} attempts in all`);
    expect(standard).toContain('| 2 | 10 s | 10 s |');
    expect(standard).toContain('| 12 | 12 h | 2.6 days |');
    expect(standard).toContain('between 2.1 days and 3.2 days after the first');
    expect(standard).toContain('has succeeded for at least 2.1 days');
    expect(standard).toContain('within 10 s is a failure');
    const tiny = renderWebhooksMd(site('Demo Academy'), config(0.1, 2_500));
    expect(tiny).toContain('has succeeded for at least 1.8 s');
    expect(tiny).toContain('within 2.5 s is a failure');
  });

  it('names every class a delivery\'s last_error may carry (/webhooks.md "Delivery errors")', () => {
    const page = renderWebhooksMd(site('Demo Academy'), config(10_000));
    for (const [name, words] of Object.entries(DELIVERY_ERROR_CLASSES))
      expect(page).toContain(`| \`${name}\` | ${words} |`);
  });

  it('states the endpoint cap and the per-endpoint rate limits in force at this deployment (/webhooks.md "Limits")', () => {
    const standard = renderWebhooksMd(site('Demo Academy'), config(10_000));
    expect(standard).toContain('at most **16** endpoints');
    expect(standard).toContain('| `redeliverWebhookDelivery` | 60 per endpoint per 1 min |');
    expect(standard).toContain('| `sendWebhookTestEvent` | 10 per endpoint per 1 min |');
    expect(standard).toContain('| `rotateWebhookSecret` | 10 per endpoint per 1 h |');
    expect(standard).toContain('| `recoverWebhookEndpoint` | 10 per endpoint per 1 h |');
    const raised = renderWebhooksMd(
      site('Demo Academy'),
      config(10_000, 10_000, 40, { webhookTestEventsPerEndpoint: 3, webhookTestEventsPerEndpointWindow: 30 }),
    );
    expect(raised).toContain('at most **40** endpoints');
    expect(raised).toContain('| `sendWebhookTestEvent` | 3 per endpoint per 30 s |');
  });

  it('states the event log\'s retention at this deployment and every wildcard\'s types (/webhooks.md "Events and recovery", "Wildcards")', () => {
    const standard = renderWebhooksMd(site('Demo Academy'), config(10_000));
    expect(standard).toContain("kept **30 days** (this deployment's `WEBHOOK_EVENTS_RETENTION_DAYS`)");
    expect(standard).toContain('`since` within the last 30 days');
    expect(standard).toContain('| `order.*` | `order.paid`, `order.refunded` |');
    const longer = renderWebhooksMd(site('Demo Academy'), config(10_000, 10_000, 16, {}, 90));
    expect(longer).toContain('kept **90 days**');
    expect(longer).toContain('`since` within the last 90 days');
  });

  it('states when time-driven events follow and what the operational events tell, at this deployment\'s figures (/webhooks.md "Time-driven and operational events")', () => {
    const page = renderWebhooksMd(site('Demo Academy'), config(10_000));
    expect(page).toContain('when its `expires_at` passes, within 15 s of it');
    expect(page).toContain('has failed on every delivery for 24 h without a success');
    expect(page).toContain('`overlap_seconds`, from 0 up to 7 days; 24 h unless chosen');
  });

  it('rounds durations to a unit that reads well', () => {
    expect(approximately(0)).toBe('0 ms');
    expect(approximately(160_000)).toBe('2.7 min');
    expect(approximately(40_960_000)).toBe('11 h');
    expect(approximately(24 * 3_600_000)).toBe('24 h');
    expect(approximately(30 * 86_400_000)).toBe('30 days');
  });
});
