// CORS for browser-based OAuth clients (issue 3): the discovery documents and the token,
// registration, revocation, introspection and UserInfo endpoints may be called from any origin.
// No credentials (cookies) are ever allowed cross-origin, so `*` is safe; pages are not listed.
import cors from 'cors';
import type { RequestHandler } from 'express';

const CORS_PATHS = [/^\/\.well-known\//, /^\/api\/oauth\//, /^\/api\/v1\/catalog\//, /^\/openapi\.json$/];

const corsMiddleware = cors({
  origin: '*',
  methods: ['GET', 'POST', 'OPTIONS'],
  allowedHeaders: ['Authorization', 'Content-Type', 'MCP-Protocol-Version', 'X-Request-Id'],
  exposedHeaders: ['WWW-Authenticate', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id'],
  maxAge: 600,
});

export const oauthCors: RequestHandler = (req, res, next) => {
  if (CORS_PATHS.some((pattern) => pattern.test(req.path))) return corsMiddleware(req, res, next);
  next();
};
