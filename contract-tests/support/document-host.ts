// An HTTPS host on https://localhost:<port> serving Client ID Metadata Documents that the server
// under test fetches for real over TLS (its certificate is the one global-setup.ts made trusted).
// Each path answers what its function returns at the time of the fetch; others are 404.
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export type Served = { status: number; body: unknown };

export type DocumentHost = {
  /** `https://localhost:<port>`. */
  base: string;
  documents: Map<string, () => Served>;
  /** Requests received so far, any path. */
  hits(): number;
  close(): Promise<void>;
};

export async function startDocumentHost(cert: string, key: string): Promise<DocumentHost> {
  const documents = new Map<string, () => Served>();
  let hits = 0;
  const server = https.createServer({ cert, key }, (req, res) => {
    hits += 1;
    const answer = documents.get(req.url ?? '')?.() ?? { status: 404, body: { error: 'not found' } };
    res.writeHead(answer.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    base: `https://localhost:${(server.address() as AddressInfo).port}`,
    documents,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
