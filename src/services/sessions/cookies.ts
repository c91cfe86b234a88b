// Cookies of the browser pages. Each school has its own cookie names (schools on one host but
// different ports would otherwise overwrite each other's cookies, which ignore ports).
import { parse, serialize } from 'cookie';
import type { Site } from '../school/sites.ts';

export function readCookies(header: string | string[] | undefined): Record<string, string | undefined> {
  const value = Array.isArray(header) ? header.join('; ') : header;
  return value ? parse(value) : {};
}

export function sessionCookieName(site: Site): string {
  return `cs_session_${site.slug}`;
}

export function csrfCookieName(site: Site): string {
  return `cs_csrf_${site.slug}`;
}

/** HttpOnly, SameSite=Lax, Secure under HTTPS (the session cookie). */
export function buildCookie(site: Site, name: string, value: string, maxAgeSeconds: number): string {
  return serialize(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: site.origin.startsWith('https://'),
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearCookie(site: Site, name: string): string {
  return buildCookie(site, name, '', 0);
}
