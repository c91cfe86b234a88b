// The school's fixed documents as MCP resources (MCP 2025-11-25 Resources): /llms.txt, /auth.md,
// /pricing.md and /webhooks.md. Each resource's URI is the document's own URL on the school's
// origin, and its text is made by the very function GET of that URL uses (src/services/documents/),
// with one difference: every school-written string is fenced (untrusted.ts fencedSchoolText), since
// here a model reads it. Without the fences, the bytes are GET's.
import { renderAuthMd } from '../../services/documents/auth-md.ts';
import { loadLlmsTxt } from '../../services/documents/llms-txt.ts';
import { renderPricingMd } from '../../services/documents/pricing-md.ts';
import { renderWebhooksMd } from '../../services/documents/webhooks-md.ts';
import type { ToolContext } from '../registry.ts';
import { fencedSchoolText } from '../untrusted.ts';

export type ResourceContext = Pick<ToolContext, 'site' | 'services' | 'log'>;

export type SchoolDocument = {
  path: string;
  name: string;
  title: string;
  description: string;
  read(ctx: ResourceContext): Promise<string>;
};

// Titles and descriptions are the server's own words: no school-written text in them.
export const SCHOOL_DOCUMENTS: readonly SchoolDocument[] = [
  {
    path: '/llms.txt',
    name: 'llms.txt',
    title: 'The school for language models (llms.txt)',
    description:
      'Start here: what this school is, its published courses, and links to pricing, authentication, the MCP server and the APIs (llmstxt.org form).',
    read: ({ site, services }) => loadLlmsTxt(site, services.catalog, fencedSchoolText),
  },
  {
    path: '/auth.md',
    name: 'auth.md',
    title: 'How to authenticate at this school (auth.md)',
    description:
      'OAuth 2.0 and OpenID Connect at this school: what needs no token, discovery, client registration, the authorization code flow with PKCE, scopes, lifetimes, errors and rate limits.',
    read: async ({ site, services }) => renderAuthMd(site, services.config, services.rateLimiter, fencedSchoolText),
  },
  {
    path: '/pricing.md',
    name: 'pricing.md',
    title: "This school's prices (pricing.md)",
    description:
      'Published courses, active membership plans, upcoming events and digital products with their prices, from the live data.',
    read: ({ site, services }) => renderPricingMd(services.db, site, new Date(), fencedSchoolText),
  },
  {
    path: '/webhooks.md',
    name: 'webhooks.md',
    title: 'What a webhook receiver of this school needs (webhooks.md)',
    description:
      'The envelope of every webhook delivery, verifying its Standard Webhooks signature, payload versions, the retry schedule and the rules that disable an endpoint, and every event type with its schemas.',
    read: async ({ site, services }) => renderWebhooksMd(site, services.config, fencedSchoolText),
  },
];
