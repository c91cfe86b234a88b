// The admin area's endpoint form keeps the limits the admin API's schema sets (endpoint-form.ts):
// read here from the bundled OpenAPI document, so that a change of the spec fails this test until
// the form follows it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkEndpointForm, ENDPOINT_LIMITS, EndpointFormRefused } from './endpoint-form.ts';

type Schema = { minLength?: number; maxLength?: number; minItems?: number; maxItems?: number };
const schemas = (
  JSON.parse(readFileSync(new URL('../../../generated/openapi/openapi.json', import.meta.url), 'utf8')) as {
    components: { schemas: Record<string, { properties?: Record<string, Schema> } & Schema> };
  }
).components.schemas;

function refusal(form: Parameters<typeof checkEndpointForm>[0]): string | undefined {
  try {
    checkEndpointForm(form);
    return undefined;
  } catch (error) {
    if (!(error instanceof EndpointFormRefused)) throw error;
    return error.text.key;
  }
}

describe('the endpoint form of the admin area (OpenAPI WebhookEndpointCreate, WebhookEndpointUpdate)', () => {
  it.each(['WebhookEndpointCreate', 'WebhookEndpointUpdate'])('keeps the limits of %s', (name) => {
    const { description, event_types } = schemas[name]!.properties!;
    expect(schemas.WebhookEndpointUrl).toMatchObject({
      minLength: ENDPOINT_LIMITS.urlMinLength,
      maxLength: ENDPOINT_LIMITS.urlMaxLength,
    });
    expect(description!.maxLength).toBe(ENDPOINT_LIMITS.descriptionMaxLength);
    expect(event_types).toMatchObject({
      minItems: ENDPOINT_LIMITS.eventTypesMin,
      maxItems: ENDPOINT_LIMITS.eventTypesMax,
    });
  });

  it('refuses what the schema refuses, and passes the rest to the service as typed (URL trimmed)', () => {
    const ok = { url: ' https://crm.example/hook ', description: 'CRM', eventTypes: ['order.paid'] };
    expect(checkEndpointForm(ok)).toEqual({ ...ok, url: 'https://crm.example/hook' });
    expect(refusal({ ...ok, url: 'http://' })).toBe('admin.webhooks.error.urlLength');
    expect(refusal({ ...ok, url: `https://a.example/${'x'.repeat(2048)}` })).toBe('admin.webhooks.error.urlLength');
    // maxLength counts characters (code points), as JSON Schema does: 500 emoji are allowed.
    expect(refusal({ ...ok, description: '😀'.repeat(500) })).toBeUndefined();
    expect(refusal({ ...ok, description: 'x'.repeat(501) })).toBe('admin.webhooks.error.descriptionLength');
    expect(refusal({ ...ok, eventTypes: [] })).toBe('admin.webhooks.error.noEventTypes');
    expect(refusal({ ...ok, eventTypes: Array(51).fill('order.paid') })).toBe('admin.webhooks.error.tooManyEventTypes');
  });
});
