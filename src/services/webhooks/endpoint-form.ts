// The fields of the admin area's endpoint form, checked before the admin API's webhook service
// sees them. The API checks the same fields against its schema (WebhookEndpointCreate and
// WebhookEndpointUpdate in spec/openapi/admin/webhooks.yaml) before its handler runs; a form does
// not pass through the spec, so its limits are repeated here, said in the school's language.
// endpoint-form.test.ts reads them from the bundled document: a change there fails until made here.
import { KeyedError, textKey } from '../../lib/text-key.ts';

export const ENDPOINT_LIMITS = {
  urlMinLength: 8,
  urlMaxLength: 2048,
  descriptionMaxLength: 500,
  eventTypesMin: 1,
  eventTypesMax: 50,
} as const;

export type EndpointForm = { url: string; description: string; eventTypes: string[] };

/** A field the form may not hold; its words are a catalogue key. */
export class EndpointFormRefused extends KeyedError {}

/** The form as the service takes it (the URL rules and the event catalogue are the service's). */
export function checkEndpointForm(form: EndpointForm): EndpointForm {
  const url = form.url.trim();
  const { urlMinLength, urlMaxLength, descriptionMaxLength, eventTypesMin, eventTypesMax } = ENDPOINT_LIMITS;
  if (url.length < urlMinLength || url.length > urlMaxLength)
    throw new EndpointFormRefused(textKey('admin.webhooks.error.urlLength', { min: urlMinLength, max: urlMaxLength }));
  // Characters as the schema counts them (JSON Schema maxLength: code points).
  if ([...form.description].length > descriptionMaxLength)
    throw new EndpointFormRefused(textKey('admin.webhooks.error.descriptionLength', { max: descriptionMaxLength }));
  // Counted as sent, as the schema counts the array (the service drops repeats afterwards).
  const count = form.eventTypes.length;
  if (count < eventTypesMin) throw new EndpointFormRefused(textKey('admin.webhooks.error.noEventTypes'));
  if (count > eventTypesMax)
    throw new EndpointFormRefused(textKey('admin.webhooks.error.tooManyEventTypes', { max: eventTypesMax }));
  return { url, description: form.description, eventTypes: form.eventTypes };
}
