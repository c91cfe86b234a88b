// Fetching a Client ID Metadata Document from a URL an unauthenticated party chose. CIMD draft,
// Security Considerations (SSRF, maximum response size) and "Client Information Discovery":
// - the host is resolved once, every address is checked (address-policy.ts), and the socket is
//   pinned to the checked address through a custom `lookup`, so DNS rebinding cannot slip a
//   second, internal answer between the check and the connect;
// - one deadline covers DNS, connect, TLS, headers and body, so a server trickling bytes cannot
//   hold a request open; the body is cut off past maxBytes (the draft suggests 5 KB);
// - only 200 is accepted and redirects are never followed.
import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isSpecialUseAddress } from './address-policy.ts';

export type MetadataFetchFailure =
  'address_not_allowed' | 'timeout' | 'too_large' | 'bad_status' | 'redirect' | 'network' | 'not_json';

export class MetadataFetchError extends Error {
  readonly reason: MetadataFetchFailure;
  constructor(reason: MetadataFetchFailure, message: string) {
    super(message);
    this.name = 'MetadataFetchError';
    this.reason = reason;
  }
}

export type FetchOptions = {
  /** Only for development and tests: lets the fetcher reach loopback and private addresses. */
  allowSpecialUseAddresses: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** Resolves the host; called once per fetch with { all: true }. Defaults to dns.lookup. */
  lookup?: LookupFunction;
  now?: () => Date;
};

export type FetchedDocument = {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** When the response arrived, for cacheExpiry(headers, fetchedAt). */
  fetchedAt: Date;
};

export type Address = { address: string; family: number };

const USER_AGENT = 'course-school-oauth/0.1 (client-id-metadata-document fetcher)';

export function fetchClientMetadataDocument(url: URL, options: FetchOptions): Promise<FetchedDocument> {
  const timeoutMs = options.timeoutMs ?? 3000;
  const maxBytes = options.maxBytes ?? 5120;
  const lookup = options.lookup ?? dns.lookup;
  const now = options.now ?? (() => new Date());
  return new Promise<FetchedDocument>((resolve, reject) => {
    let request: http.ClientRequest | undefined;
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request?.destroy();
      outcome();
    };
    const fail = (reason: MetadataFetchFailure, message: string): void =>
      settle(() => reject(new MetadataFetchError(reason, message)));
    const deadline = setTimeout(() => fail('timeout', `no complete response within ${timeoutMs} ms`), timeoutMs);

    // parseClientIdUrl admits only https; http is here so tests can use a plain local server.
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return fail('network', `unsupported scheme ${url.protocol}`);
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    resolveHost(hostname, lookup)
      .then(
        (addresses) => {
          if (settled) return;
          if (addresses.length === 0) return fail('network', `${hostname} has no addresses`);
          // Every answer is checked, not just the one we use: any internal address means refusal.
          const refused = addresses.find((entry) => isSpecialUseAddress(entry.address));
          if (refused !== undefined && !options.allowSpecialUseAddresses) {
            return fail('address_not_allowed', `${hostname} resolves to special-use address ${refused.address}`);
          }
          request = send(url, hostname, addresses[0] as Address);
          request.on('response', (response) => receive(response));
          request.on('error', (error) => fail('network', error.message));
          request.end();
        },
        (error: Error) => fail('network', `cannot resolve ${hostname}: ${error.message}`),
      )
      .catch((error: unknown) => fail('network', String(error)));

    function receive(response: http.IncomingMessage): void {
      const status = response.statusCode ?? 0;
      // CIMD draft, "Client Information Discovery": the server must not follow redirects, since a
      // redirect would both bypass the address check and break the client_id-to-URL binding.
      if (status >= 300 && status < 400) return fail('redirect', `status ${status} (redirects are not followed)`);
      if (status !== 200) return fail('bad_status', `status ${status}`);
      const headers = flattenHeaders(response.headers);
      if (!isJsonContentType(headers['content-type']))
        return fail('not_json', `content type ${headers['content-type'] ?? 'missing'}`);
      // We asked for identity; a compressed body would defeat the size limit and the parser.
      if ((headers['content-encoding'] ?? 'identity') !== 'identity') return fail('not_json', 'compressed response');
      if (Number(headers['content-length'] ?? 0) > maxBytes) return fail('too_large', `larger than ${maxBytes} bytes`);
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) return fail('too_large', `larger than ${maxBytes} bytes`);
        chunks.push(chunk);
      });
      response.on('end', () => {
        const body = decodeUtf8(Buffer.concat(chunks));
        if (body === null) return fail('not_json', 'body is not UTF-8');
        settle(() => resolve({ status, headers, body, fetchedAt: now() }));
      });
      response.on('error', (error) => fail('network', error.message));
      response.on('close', () => fail('network', 'connection closed before the body ended'));
    }
  });
}

/** RFC 6761 6.4: a name under `.invalid` never resolves, and a resolver answers so at once. */
const NEVER_RESOLVES = /(^|\.)invalid\.?$/i;

/**
 * An IP-literal host needs no resolution, a `.invalid` name fails without asking DNS (whose answer
 * could take seconds), anything else goes through the injected lookup.
 */
export function resolveHost(hostname: string, lookup: LookupFunction): Promise<Address[]> {
  const family = isIP(hostname);
  if (family !== 0) return Promise.resolve([{ address: hostname, family }]);
  if (NEVER_RESOLVES.test(hostname))
    return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (error, result) => {
      if (error) return reject(error);
      resolve(Array.isArray(result) ? result : [{ address: result, family: isIP(result) }]);
    });
  });
}

function send(url: URL, hostname: string, pinned: Address): http.ClientRequest {
  const client = url.protocol === 'https:' ? https : http;
  return client.request({
    protocol: url.protocol,
    host: hostname, // kept as the name: TLS checks the certificate against it and sends it as SNI
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: { Accept: 'application/json', 'Accept-Encoding': 'identity', 'User-Agent': USER_AGENT },
    agent: false, // no pooled socket from an earlier, differently resolved connection
    lookup: pinnedLookup(pinned),
  });
}

/** Answers every lookup the socket makes with the address that passed the policy. */
export function pinnedLookup(pinned: Address): LookupFunction {
  return (_hostname, options, callback) => {
    // With autoSelectFamily (node's default) net asks for all addresses; otherwise for one.
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** application/json or any structured-syntax +json type (RFC 6839 3.1), parameters ignored. */
function isJsonContentType(value: string | undefined): boolean {
  const essence = (value ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/json' || /^application\/[a-z0-9!#$&^_.+-]+\+json$/.test(essence);
}

function decodeUtf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
