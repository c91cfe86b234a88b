// A webhook receiver on loopback (node:http on 127.0.0.1), as an integration would run one: it
// records every request and answers by path, `/ok` with 204, `/flaky` with 500 to the first
// request of each webhook-id and 200 after, `/gone` with 410, `/fail` with 500 always, and `/slow`
// never (the request is held open until the receiver closes) (Standard Webhooks "Delivery
// behaviour": 2xx is success, anything else a failure; 410 asks never to be called again).
// `/paced/<status>/<n>/<retry-after>` answers the first n requests of each webhook-id with that
// status (429 or 503), that Retry-After and a body of PACED_BODY_BYTES, then 204 (/webhooks.md "Pace").
// `/nul` answers 200 with a body holding U+0000, which PostgreSQL text cannot hold (NUL_ANSWER).
// `/steady` answers 204 after STEADY_MS, as a receiver that keeps up; every path counts the most
// requests it had under way at once (mostAtOnce).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: Record<string, string>; body: string; at: number };

/** Longer than the 4 KB of an answer the sender keeps, so that the cut shows. */
export const PACED_BODY_BYTES = 5_000;

/** What `/nul` answers: a receiver's body may hold any byte, U+0000 included. */
export const NUL_ANSWER = 'ok\u0000then more';

/** How long `/steady` takes to answer. */
export const STEADY_MS = 3;

export type ReceiverPath =
  '/ok' | '/flaky' | '/gone' | '/fail' | '/slow' | '/nul' | '/steady' | `/paced/${429 | 503}/${number}/${string}`;

export type Receiver = {
  url: (path: ReceiverPath) => string;
  received: Received[];
  /** The most requests to `path` under way at once, from their first byte to the end of the answer. */
  mostAtOnce: (path: string) => number;
  /** Resolves once `predicate` holds over what was received, or rejects after `timeoutMs`. */
  until: (predicate: (received: Received[]) => boolean, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const failedOnce = new Set<string>();
  const paced = new Map<string, number>();
  const open = new Map<string, number>();
  const most = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const underWay = request.url ?? '/';
    open.set(underWay, (open.get(underWay) ?? 0) + 1);
    most.set(underWay, Math.max(most.get(underWay) ?? 0, open.get(underWay)!));
    response.on('close', () => open.set(underWay, open.get(underWay)! - 1));
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : value!,
        ]),
      );
      const path = request.url ?? '/';
      received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const id = headers['webhook-id'] ?? '';
      if (path === '/slow') return; // no answer: the sender's deadline has to end it
      const pacing = /^\/paced\/(\d+)\/(\d+)\/(.+)$/.exec(path);
      if (pacing) {
        const seen = (paced.get(`${path} ${id}`) ?? 0) + 1;
        paced.set(`${path} ${id}`, seen);
        if (seen > Number(pacing[2])) response.writeHead(204).end();
        else
          response
            .writeHead(Number(pacing[1]), { 'Retry-After': decodeURIComponent(pacing[3]!) })
            .end(`slow down ${'.'.repeat(PACED_BODY_BYTES - 10)}`);
      } else if (path === '/gone') response.writeHead(410).end();
      else if (path === '/fail') response.writeHead(500).end('always failing');
      else if (path === '/nul') response.writeHead(200).end(NUL_ANSWER);
      else if (path === '/steady') setTimeout(() => response.writeHead(204).end(), STEADY_MS);
      else if (path === '/flaky' && !failedOnce.has(id)) {
        failedOnce.add(id);
        response.writeHead(500).end('try again');
      } else if (path === '/flaky') response.writeHead(200).end('ok');
      else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    mostAtOnce: (path) => most.get(path) ?? 0,
    async until(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
