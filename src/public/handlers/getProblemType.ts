import accepts from 'accepts';
import type { IncomingMessage } from 'node:http';
import type { GetProblemTypeData, GetProblemTypeResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { PageResult } from '../../http/handler.ts';
import { notFound } from '../../http/problem.ts';
import { isProblemTypeName, PROBLEM_TYPES, problemTypePath } from '../../http/problem-types.ts';
import type { PublicHandler } from '../public-services.ts';
import { renderPage, siteText } from '../../http/pages/render-page.ts';

const CACHE = { 'Cache-Control': 'public, max-age=3600', Vary: 'Accept' };

/**
 * docs/development.md "Problem types": the page a problem `type` URI resolves to (RFC 9457 3.1.1), on the school's
 * origin. HTML unless the caller prefers Markdown or JSON (RFC 9110 12.5.1, Accept).
 */
export const getProblemType: PublicHandler<GetProblemTypeData, GetProblemTypeResponses, PageResult> = async (
  { path, headers },
  context,
) => {
  const { site } = context;
  const name = path.problem_type;
  if (!isProblemTypeName(name))
    throw notFound('No problem type of that name; the OpenAPI document lists them (ProblemTypeName).');
  const problem = PROBLEM_TYPES[name];
  const type = `${site.origin}${problemTypePath(name)}`;
  const form = accepts({ headers } as IncomingMessage).type(['text/html', 'text/markdown', 'application/json']);
  if (form === 'application/json')
    return {
      status: 200,
      body: { type, name, title: problem.title, status: problem.status, description: problem.description },
      headers: CACHE,
    };
  if (form === 'text/markdown') {
    const markdown = `# ${problem.title}\n\n\`${type}\` · HTTP ${problem.status}\n\n${problem.description}\n`;
    return { status: 200, body: markdown, contentType: 'text/markdown; charset=utf-8', headers: CACHE };
  }
  // The page a person opens follows the school's language; JSON and Markdown, read by API clients, keep the API's
  // English.
  const text = siteText(context);
  return renderPage(
    './problem-type',
    context,
    {
      title: text.t(`problemType.${name}.title`),
      type,
      status: problem.status,
      description: codeSpans(text.t(`problemType.${name}.description`)),
    },
    200,
    { 'Cache-Control': CACHE['Cache-Control'], Vary: 'Accept' },
  );
};

/** The description's `code` spans as parts, so the page shows them as code (Eta escapes each part). */
function codeSpans(markdown: string): Array<{ text: string; code: boolean }> {
  return markdown.split('`').map((text, i) => ({ text, code: i % 2 === 1 }));
}
