// CORS for browser-based clients (MCP clients in browsers): the discovery documents, the token, registration,
// revocation, introspection and UserInfo endpoints, and the two bearer-token APIs (/mcp and
// /account/graphql, e.g. for the MCP Inspector) may be called from any origin. No credentials
// (cookies) are ever allowed cross-origin, so `*` is safe; pages are not listed. /mcp still
// refuses Origins other than the school's and loopback ones (DNS rebinding, in src/mcp/origin.ts).
import cors from 'cors';
import type { RequestHandler } from 'express';

const CORS_PATHS = [
  /^\/\.well-known\//,
  /^\/api\/oauth\//,
  /^\/api\/v1\/catalog\//,
  /^\/openapi\.json$/,
  /^\/mcp\/?$/,
  /^\/account\/graphql\/?$/,
];

export const CORS_EXPOSED_HEADERS = [
  'WWW-Authenticate',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'X-Request-Id',
  'Mcp-Session-Id',
] as const;

const corsMiddleware = cors({
  origin: '*',
  methods: ['GET', 'POST', 'OPTIONS'],
  allowedHeaders: [
    'Authorization',
    'Content-Type',
    'Accept',
    'MCP-Protocol-Version',
    // MCP 2026-07-28 Streamable HTTP: the standard headers every request carries.
    'Mcp-Method',
    'Mcp-Name',
    'Mcp-Session-Id',
    'Last-Event-ID',
    'X-Request-Id',
  ],
  exposedHeaders: [...CORS_EXPOSED_HEADERS],
  maxAge: 600,
});

export const oauthCors: RequestHandler = (req, res, next) => {
  if (CORS_PATHS.some((pattern) => pattern.test(req.path))) return corsMiddleware(req, res, next);
  next();
};
