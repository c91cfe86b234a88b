// get_school_info: who this school is and where its machine-readable documents live, so an agent
// can orient itself (llms.txt, pricing.md, auth.md, the OpenAPI document, this MCP endpoint).
import { z } from 'zod';
import { protectedResourceMetadataUrl } from '../../services/auth/metadata.ts';
import type { ToolDefinition } from '../registry.ts';
import { READ_ONLY } from './common.ts';

const input = z.strictObject({});

const output = z.object({
  name: z.string(),
  description: z.string().nullable(),
  origin: z.string(),
  locale: z.string(),
  currency: z.string(),
  timezone: z.string(),
  logo_url: z.string().nullable(),
  links: z.object({
    llms_txt: z.string(),
    pricing_md: z.string(),
    auth_md: z.string(),
    openapi_json: z.string(),
    mcp: z.string(),
    oauth_protected_resource: z.string(),
  }),
});

export const getSchoolInfo: ToolDefinition<z.output<typeof input>, z.output<typeof output>> = {
  name: 'get_school_info',
  title: 'Get school information',
  description:
    "This school's name, description, locale, currency and time zone, with links to its llms.txt, pricing.md, auth.md (how to get a token), OpenAPI document and MCP endpoint.",
  inputSchema: input,
  outputSchema: output,
  annotations: READ_ONLY,
  audience: 'anonymous',
  requiredScopes: [],
  async handler(_args, { site, services }) {
    const info = await services.catalog.getSchoolInfo(site);
    const o = site.origin;
    const links = {
      llms_txt: `${o}/llms.txt`,
      pricing_md: `${o}/pricing.md`,
      auth_md: `${o}/auth.md`,
      openapi_json: `${o}/openapi.json`,
      mcp: `${o}/mcp`,
      oauth_protected_resource: protectedResourceMetadataUrl(o),
    };
    const result = { ...info, origin: o, links };
    return {
      structuredContent: result,
      summary: `School at ${o} (locale ${info.locale}, currency ${info.currency}). Read ${links.auth_md} to get a token for member tools.`,
    };
  },
};
