// One delivery attempt over HTTP (a webhook, or a back-channel logout token). The SSRF rules of metadata-document fetches hold here too
// (lib/net/safe-fetch.ts): the host is resolved once, every answer is checked
// against the special-use ranges, and the socket is pinned to the checked address (no DNS
// rebinding between check and connect); redirects are not followed (Standard Webhooks "Delivery
// behaviour": a 3xx is a failure); one deadline covers everything, and the receiver's body is read
// no further than a small cap, so a slow or hostile receiver costs one bounded slot.
import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isSpecialUseAddress } from '../../lib/net/address-policy.ts';
import { pinnedLookup, resolveHost, type Address } from '../../lib/net/safe-fetch.ts';
import { deliveryError, type DeliveryFailureCause } from './delivery-error.ts';

export type PostOptions = {
  allowSpecialUseAddresses: boolean;
  timeoutMs: number;
  lookup?: LookupFunction;
};

export type PostOutcome = {
  /** The HTTP status, or null when none arrived (network, timeout, refused address). */
  status: number | null;
  /** The failure's class in words (delivery-error.ts), never an address or a socket message; null on a 2xx. */
  error: string | null;
  durationMs: number;
};

const USER_AGENT = 'course-school-webhooks/1.0';
const MAX_BODY_BYTES = 1024;

export function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const url = new URL(target);
  const lookup = options.lookup ?? dns.lookup;
  return new Promise<PostOutcome>((resolve) => {
    let request: http.ClientRequest | undefined;
    let settled = false;
    const done = (status: number | null, failure: DeliveryFailureCause | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request?.destroy();
      const error = failure ? deliveryError(failure) : null;
      resolve({ status, error, durationMs: Math.round(performance.now() - started) });
    };
    const deadline = setTimeout(() => done(null, { kind: 'deadline' }), options.timeoutMs);
    // checkEndpointUrl admits http(s) only; another scheme is refused like an inward address.
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return done(null, { kind: 'special_use_address' });
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    resolveHost(hostname, lookup).then(
      (addresses) => {
        if (settled) return;
        if (addresses.length === 0) return done(null, { kind: 'no_address' });
        const refused = addresses.some((entry) => isSpecialUseAddress(entry.address));
        if (refused && !options.allowSpecialUseAddresses) return done(null, { kind: 'special_use_address' });
        request = send(url, hostname, addresses[0] as Address, body, headers);
        // Which step a socket error ended: TCP connected on https but no handshake yet is TLS's.
        let tlsStarted = false;
        request.on('socket', (socket) => {
          if (url.protocol !== 'https:') return;
          socket.once('connect', () => (tlsStarted = true));
          socket.once('secureConnect', () => (tlsStarted = false));
        });
        request.on('response', (response) => {
          const status = response.statusCode ?? 0;
          let received = 0;
          // The receiver's answer is not used beyond its status: read a little, then stop.
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > MAX_BODY_BYTES) finish();
          });
          response.on('end', finish);
          response.on('error', finish);
          function finish(): void {
            done(status, status >= 200 && status < 300 ? null : { kind: 'status', status });
          }
        });
        request.on('error', (error: NodeJS.ErrnoException) =>
          done(null, { kind: 'socket', code: error.code, tlsStarted }),
        );
        request.end(body);
      },
      () => done(null, { kind: 'lookup_failed' }),
    );
  });
}

function send(
  url: URL,
  hostname: string,
  pinned: Address,
  body: string,
  headers: Record<string, string>,
): http.ClientRequest {
  const client = url.protocol === 'https:' ? https : http;
  return client.request({
    protocol: url.protocol,
    host: hostname,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    // JSON unless the caller names its type (a back-channel logout token is a form, services/auth/logout/).
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': USER_AGENT,
      ...headers,
      'Content-Length': String(Buffer.byteLength(body)),
    },
    agent: false,
    lookup: pinnedLookup(pinned),
  });
}
