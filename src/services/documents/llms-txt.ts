// /llms.txt in the llmstxt.org form: one H1, a blockquote summary, a notes paragraph, then H2
// file lists of `- [title](url): note` lines, with `## Optional` last (https://llmstxt.org).
import type { CatalogCourse, CatalogService } from '../school/catalog.ts';
import type { Site } from '../school/sites.ts';
import { markdownInline, type SchoolText } from '../../lib/markdown-escape.ts';
import { WEBHOOK_EVENTS } from '../webhooks/catalogue.ts';
import { connectAnAgentSection } from './connect-an-agent.ts';
import { coursePagePath } from './course-md.ts';

/** How many published courses /llms.txt lists (newest first); the rest are a link to the paginated catalog. */
export const LLMS_TXT_COURSES = 50;

/** /llms.txt as GET /llms.txt and the MCP resource of that URI serve it: one composition, the school's words fenced for MCP. */
export async function loadLlmsTxt(
  site: Site,
  catalog: CatalogService,
  md: SchoolText = markdownInline,
): Promise<string> {
  const { data } = await catalog.listCourses(site.id, { limit: LLMS_TXT_COURSES });
  return renderLlmsTxt(site, data, md);
}

export function renderLlmsTxt(site: Site, courses: CatalogCourse[], md: SchoolText = markdownInline): string {
  const o = site.origin;
  // School text is never structure: each school-written string is one line of literal Markdown.
  const courseLines = courses.map(
    (c) =>
      `- [${md(c.title)}](${o}${coursePagePath(c.slug)}): ${c.subtitle ? md(c.subtitle) : 'course page: description, price and outline'}`,
  );
  // The webhook event catalogue: each type and the named schema of its body in the OpenAPI document.
  const eventLines = WEBHOOK_EVENTS.map(
    (e) => `- [${e.type}](${o}/openapi.json#/components/schemas/${e.schema}): ${e.meaning}`,
  );
  return `# ${md(site.name)}

> ${site.description ? md(site.description) : 'An online school.'} Prices in ${markdownInline(site.currency)}; language ${markdownInline(site.locale)}.

The public catalog is readable without a token, through the REST catalog below and the anonymous tools of the MCP server at ${o}/mcp. The administrative API and each member's own data need OAuth 2.0: see ${o}/auth.md.

## Catalog

${courseLines.length ? courseLines.join('\n') : '- No published courses yet.'}
- [All courses](${o}/api/v1/catalog/courses): published courses as JSON, cursor-paginated; each course page is also an MCP resource

## Pricing

- [Pricing](${o}/pricing.md): courses, membership plans and digital products with prices

## For agents

- [Authentication](${o}/auth.md): discovery, client registration, the authorization code flow with PKCE, scopes, errors
- [Webhooks](${o}/webhooks.md): what a webhook receiver gets and how it verifies it: the envelope, Standard Webhooks signatures, versions, retries, disabling and every event type
- [MCP server](${o}/mcp): Streamable HTTP; catalog tools and these documents as resources without a token, member and operator tools with one
- [OpenAPI document](${o}/openapi.json): every REST operation of this school
- [Member data API](${o}/account/graphql): GraphQL, a member's own enrollments, orders and registrations
- [Member data API schema](${o}/account/graphql/schema.graphql): its GraphQL SDL, readable without a token
- [Protected resource metadata](${o}/.well-known/oauth-protected-resource): RFC 9728
- [Authorization server metadata](${o}/.well-known/oauth-authorization-server): RFC 8414

## Webhooks

Signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature v1) and managed through the admin API (scopes webhooks:read, webhooks:write). Every body is a WebhookEvent envelope whose data is the admin API's shape of the resource. How to verify one, the retry schedule and the rules that disable an endpoint: ${o}/webhooks.md.

${eventLines.join('\n')}

${connectAnAgentSection(o)}

## Optional

- [OpenID configuration](${o}/.well-known/openid-configuration): OpenID Connect Discovery
`;
}
