// The HTML error page of the browser-facing OAuth endpoints, used while the client or its redirect
// URI is unverified (RFC 6749 4.1.2.1: never redirect then) and for invalid forms.
import type { Site } from '../services/sites.ts';
import { renderPage, type PageResult } from './render-page.ts';

const TITLES: Record<string, string> = {
  invalid_request: 'This sign-in link is not valid',
  invalid_client: 'Unknown application',
  unauthorized_client: 'This application cannot be used here',
  access_denied: 'Access denied',
  not_found: 'Page not found',
  slow_down: 'Too many requests',
};

export function renderErrorPage(site: Site, code: string, message: string, status = 400): PageResult {
  return renderPage('./error', { schoolName: site.name, lang: site.locale, title: TITLES[code] ?? 'Something went wrong', message, code }, status);
}
