// The HTML error page of the browser-facing OAuth endpoints, used while the client or its redirect
// URI is unverified (RFC 6749 4.1.2.1: never redirect then) and for invalid forms. Its words come
// from the school's catalogue (docs/development.md "Page languages"): a title per error code, and either a message key
// or, for an OAuth error, a plain explanation per code plus the protocol's own error_description
// (English by RFC 6749 4.1.2.1, shown as a technical detail marked lang="en").
import type { TextKey } from '../../lib/text-key.ts';
import { renderPage, siteText, type PageResult, type PageScope } from './render-page.ts';

/** Error codes with their own title and explanation (error.title.<code>, error.explain.<code>); others use "other". */
export const ERROR_PAGE_CODES = [
  'invalid_request',
  'invalid_client',
  'unauthorized_client',
  'access_denied',
  'not_found',
  'slow_down',
  'invalid_scope',
  'invalid_target',
  'unsupported_response_type',
  'server_error',
  'temporarily_unavailable',
] as const;

/** A page's message: a catalogue key, or the technical detail of a protocol error. */
export type ErrorPageMessage = TextKey | { detail: string };

export function renderErrorPage(scope: PageScope, code: string, message: ErrorPageMessage, status = 400): PageResult {
  const text = siteText(scope);
  const known = (ERROR_PAGE_CODES as readonly string[]).includes(code) ? code : 'other';
  const title = text.t(`error.title.${known}`);
  const body = 'key' in message ? text.t(message.key, message.vars) : text.t(`error.explain.${known}`);
  const detail = 'detail' in message ? message.detail : undefined;
  return renderPage('./error', scope, { text, title, message: body, detail, code }, status);
}
