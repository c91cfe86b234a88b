// The bundled OpenAPI document (generated/openapi/openapi.json), and its per-school variant: the
// same document with `servers` and the OAuth URLs pointing at the school's own origin. Computed
// once per origin because the document is large and never changes while the process runs.
import { readFileSync } from 'node:fs';

const bundledUrl = new URL('../../generated/openapi/openapi.json', import.meta.url);
const bundledText = readFileSync(bundledUrl, 'utf8');

export const bundledOpenApiPath = bundledUrl.pathname;

/** The document's text as `npm run generate` wrote it (what the precompiled validators were made from). */
export function bundledOpenApiText(): string {
  return bundledText;
}

export function loadBundledOpenApi(): Record<string, unknown> {
  return JSON.parse(bundledText) as Record<string, unknown>;
}

const perOrigin = new Map<string, Record<string, unknown>>();

type OAuthFlows = { authorizationCode?: { authorizationUrl?: string; tokenUrl?: string; refreshUrl?: string } };

export function openApiDocumentFor(origin: string): Record<string, unknown> {
  const cached = perOrigin.get(origin);
  if (cached) return cached;
  const document = loadBundledOpenApi();
  document.servers = [{ url: origin, description: 'This school' }];
  const schemes =
    (document.components as { securitySchemes?: Record<string, { flows?: OAuthFlows }> } | undefined)
      ?.securitySchemes ?? {};
  for (const scheme of Object.values(schemes)) {
    const flow = scheme.flows?.authorizationCode;
    if (!flow) continue;
    flow.authorizationUrl = `${origin}/oauth/authorize`;
    flow.tokenUrl = `${origin}/api/oauth/token`;
    flow.refreshUrl = `${origin}/api/oauth/token`;
  }
  // Bounded: one entry per school origin this process has served.
  if (perOrigin.size < 10_000) perOrigin.set(origin, document);
  return document;
}
