// What a client saw of one request in the shutdown suites (contract-tests/service/process.test.ts,
// keep-alive-drain.test.ts): when it was sent, how it ended, and whether its answer arrived whole.
export type RequestOutcome = {
  /** Its X-Request-Id, which the server's log line carries once it has served it. */
  id: string;
  sentAt: number;
  doneAt: number;
  status?: number;
  /** The whole declared body arrived. */
  complete?: boolean;
  /** The client's error code (ECONNREFUSED, ECONNRESET, ...) when no whole answer came. */
  error?: string;
};
