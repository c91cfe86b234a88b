// Why a delivery attempt failed, as a class in words (/webhooks.md "Delivery errors"). A raw socket
// message or a resolved address would tell an operator what a name resolves to and which ports
// answer inside the deployment (a DNS and port oracle): only the class and fixed words leave here.
// Every place that records an attempt passes its cause through `deliveryError`.

/** The classes, in the order /webhooks.md lists them, with the words `last_error` carries. */
export const DELIVERY_ERROR_CLASSES = {
  dns: 'the host name did not resolve',
  refused_address: 'the host name resolves to an address webhooks may not be sent to',
  connect: 'no connection to the receiver could be made or kept',
  tls: 'the TLS handshake with the receiver failed',
  timeout: 'no complete response within the deadline',
  http_status: 'the receiver answered with a status other than 2xx',
  signing: 'the delivery could not be signed with the endpoint’s secrets',
  owner_standing: 'not sent: the endpoint’s owner may no longer read this event type',
} as const;

export type DeliveryErrorClass = keyof typeof DELIVERY_ERROR_CLASSES;

/** What happened, as the sender saw it; `code` is node's error.code, read but never shown. */
export type DeliveryFailureCause =
  | { kind: 'lookup_failed' | 'no_address' | 'special_use_address' | 'deadline' | 'signing' | 'owner_standing' }
  | { kind: 'status'; status: number }
  | { kind: 'socket'; code: string | undefined; tlsStarted: boolean };

// Node's and OpenSSL's codes of a failed handshake or certificate check.
const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|EPROTO$|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|HOSTNAME_MISMATCH)/;

export function classifyDeliveryFailure(cause: DeliveryFailureCause): DeliveryErrorClass {
  switch (cause.kind) {
    case 'lookup_failed':
    case 'no_address':
      return 'dns';
    case 'special_use_address':
      return 'refused_address';
    case 'deadline':
      return 'timeout';
    case 'status':
      return 'http_status';
    case 'signing':
    case 'owner_standing':
      return cause.kind;
    case 'socket':
      if (cause.code === 'ETIMEDOUT') return 'timeout';
      // A socket error once TCP connected on an https URL is the handshake's, whatever its code.
      return cause.tlsStarted || TLS_CODE.test(cause.code ?? '') ? 'tls' : 'connect';
  }
}

/** The `last_error` of a failed attempt: `<class>: <words>`, plus the status for http_status. */
export function deliveryError(cause: DeliveryFailureCause): string {
  const errorClass = classifyDeliveryFailure(cause);
  const words = DELIVERY_ERROR_CLASSES[errorClass];
  return cause.kind === 'status' ? `${errorClass}: ${words} (${cause.status})` : `${errorClass}: ${words}`;
}
