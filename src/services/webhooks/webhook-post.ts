// One delivery attempt over HTTP (a webhook, or a back-channel logout token). The SSRF rules of metadata-document fetches hold here too
// (lib/net/safe-fetch.ts): the host is resolved once, every answer is checked
// against the special-use ranges, and the socket is pinned to the checked address (no DNS
// rebinding between check and connect); redirects are not followed (Standard Webhooks "Delivery
// behaviour": a 3xx is a failure); one deadline covers everything, and the receiver's body is read
// no further than 4 KB (kept as the attempt's record, /webhooks.md "History"), so a slow
// or hostile receiver costs one bounded slot. With `agents`, connections are kept alive per origin
// and checked address (receiver-agents.ts); without, each attempt has a connection of its own.
import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isSpecialUseAddress } from '../../lib/net/address-policy.ts';
import { storableText } from '../../lib/nul-text.ts';
import { pinnedLookup, resolveHost, type Address } from '../../lib/net/safe-fetch.ts';
import {
  classifyDeliveryFailure,
  deliveryError,
  type DeliveryErrorClass,
  type DeliveryFailureCause,
} from './delivery-error.ts';
import type { ReceiverAgents } from './receiver-agents.ts';

export type PostOptions = {
  allowSpecialUseAddresses: boolean;
  timeoutMs: number;
  lookup?: LookupFunction;
  agents?: ReceiverAgents;
};

export type PostOutcome = {
  /** The HTTP status, or null when none arrived (network, timeout, refused address). */
  status: number | null;
  /** The failure's class in words (delivery-error.ts), never an address or a socket message; null on a 2xx. */
  error: string | null;
  /** The failure's class alone (`error` starts with it); null on a 2xx. */
  errorClass: DeliveryErrorClass | null;
  durationMs: number;
  /** The first RESPONSE_BODY_BYTES of the answer's body as UTF-8, storable (lib/nul-text.ts); null when no answer arrived. */
  body: string | null;
  /** The answer's Retry-After header as sent, if any (retry-after.ts reads it). */
  retryAfter: string | undefined;
};

const USER_AGENT = 'course-school-webhooks/1.0';
/** How much of a receiver's answer is read and kept (/webhooks.md "History"). */
export const RESPONSE_BODY_BYTES = 4096;

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
    const chunks: Buffer[] = [];
    let received = 0;
    let retryAfter: string | undefined;
    /** `keep`: the answer was read to its end, so its connection may serve the next attempt. */
    const done = (status: number | null, failure: DeliveryFailureCause | null, keep = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (!keep) request?.destroy();
      resolve({
        status,
        error: failure ? deliveryError(failure) : null,
        errorClass: failure ? classifyDeliveryFailure(failure) : null,
        durationMs: Math.round(performance.now() - started),
        body:
          status === null
            ? null
            : storableText(Buffer.concat(chunks).subarray(0, RESPONSE_BODY_BYTES).toString('utf8')),
        retryAfter,
      });
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
        request = send(url, hostname, addresses[0] as Address, body, headers, options.agents);
        // Which step a socket error ended: TCP connected on https but no handshake yet is TLS's.
        let tlsStarted = false;
        request.on('socket', (socket) => {
          if (url.protocol !== 'https:') return;
          socket.once('connect', () => (tlsStarted = true));
          socket.once('secureConnect', () => (tlsStarted = false));
        });
        request.on('response', (response) => {
          const status = response.statusCode ?? 0;
          retryAfter = response.headers['retry-after'];
          // The answer is kept up to its cap; beyond it the rest is not read and the socket goes.
          response.on('data', (chunk: Buffer) => {
            if (received < RESPONSE_BODY_BYTES) chunks.push(chunk);
            received += chunk.length;
            if (received > RESPONSE_BODY_BYTES) finish(false);
          });
          response.on('end', () => finish(true));
          response.on('error', () => finish(false));
          function finish(whole: boolean): void {
            done(status, status >= 200 && status < 300 ? null : { kind: 'status', status }, whole);
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
  agents: ReceiverAgents | undefined,
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
    ...(agents ? { agent: agents.agentFor(url, pinned) } : { agent: false, lookup: pinnedLookup(pinned) }),
  });
}
