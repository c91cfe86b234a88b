// docs/operations.md "Behind a load balancer", stopping: how a server drains on SIGTERM without resetting
// anything a client sent before the signal. From the signal on, every response carries
// `Connection: close` (RFC 9112 9.6), so a connection busy with a request closes after its answer;
// connections idle at the signal are closed at once; the listener stops taking new connections.
// Node's own server.close() closes the idle ones as it is called, before it has read a request that
// arrived just before the signal: the closing waits one turn of the event loop (setImmediate), by
// which time every byte received before the signal has been read and its connection counts as busy.
import type { Server, ServerResponse } from 'node:http';

export type Drain = {
  /** Starts draining; resolves once the listener and every connection are closed. */
  start: () => Promise<void>;
};

export function prepareDrain(server: Server): Drain {
  let draining = false;
  /** Responses under way, so that those begun before the signal close their connection too. */
  const underWay = new Set<ServerResponse>();
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    // Headers already sent with keep-alive: its connection is idle once the answer is written.
    else res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
  };
  // First of the 'request' listeners, so that the header is set before any handler can answer.
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (draining) return closeAfter(res);
    underWay.add(res);
    res.once('close', () => underWay.delete(res));
  });

  return {
    start: () => {
      draining = true;
      for (const res of underWay) closeAfter(res);
      underWay.clear();
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          server.close(() => resolve()); // stops accepting, closes idle connections, 'close' once all are gone
        }),
      );
    },
  };
}
