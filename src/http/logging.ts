// Structured JSON logs (pino) with a request id on every line, and never a secret: credentials
// travel in headers and bodies, which are not logged, and the few query parameters that may
// carry one are masked before the URL is written (issue 9: grep the logs for every token).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';

const SECRET_QUERY_PARAMETERS = /([?&](?:code|token|access_token|refresh_token|id_token|client_secret|password|code_verifier|state|nonce)=)[^&#]*/gi;

export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMETERS, '$1[masked]');
}

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.client_secret', '*.token'], censor: '[redacted]' },
  });
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function createHttpLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    // Reuse a caller's request id when it is a sane token, so traces join across services.
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string; headers: Record<string, string> }) => ({
        id: req.id,
        method: req.method,
        url: maskUrl(req.url),
        host: req.headers.host,
        userAgent: req.headers['user-agent'],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
  });
}
