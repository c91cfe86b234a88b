// A failed delivery in a sentence for the school's owners: the class its `last_error` starts with
// (services/webhooks/delivery-error.ts, /webhooks.md "Delivery errors") said in the page's language
// with the endpoint's host, never the class code or a socket message.
import { DELIVERY_ERROR_CLASSES, type DeliveryErrorClass } from '../../services/webhooks/delivery-error.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';

/** The sentence of `lastError` ("dns: …" → "The address example.test could not be found."); undefined when none. */
export function deliveryProblem(lastError: string | null, endpointUrl: string): TextKey | undefined {
  if (!lastError) return undefined;
  const [, errorClass, status] = /^([a-z_]+):[^(]*(?:\((\d{3})\))?/.exec(lastError) ?? [];
  let host = endpointUrl;
  try {
    host = new URL(endpointUrl).host;
  } catch {
    // An address the service accepted always parses; the whole URL is said otherwise.
  }
  if (!errorClass || !Object.hasOwn(DELIVERY_ERROR_CLASSES, errorClass))
    return textKey('adminSafety.delivery.other', { host });
  return textKey(`adminSafety.delivery.${errorClass as DeliveryErrorClass}`, { host, status: status ?? '' });
}
