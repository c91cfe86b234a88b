// Standard Webhooks "Signature scheme": webhook-signature is `v1,<base64 HMAC-SHA256 of
// "{webhook-id}.{webhook-timestamp}.{body}">`, space-separated when several secrets sign (a
// rotation's overlap), so a receiver holding either secret verifies. The signing itself is the
// reference library's (standardwebhooks), the same one receivers verify with.
import { Webhook } from 'standardwebhooks';

export type SignedHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

export function signedHeaders(id: string, body: string, secrets: readonly string[], at: Date): SignedHeaders {
  if (secrets.length === 0) throw new RangeError('an endpoint without a live secret cannot be signed for');
  // The timestamp is whole seconds (the header is integer seconds since the epoch).
  const timestamp = new Date(Math.floor(at.getTime() / 1000) * 1000);
  const signatures = secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp.getTime() / 1000),
    'webhook-signature': signatures.join(' '),
  };
}
