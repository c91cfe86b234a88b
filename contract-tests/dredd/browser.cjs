// The browser steps a few dredd transactions need before they are sent (a CSRF token and the
// cookie it belongs to, a signed-in session), done over plain HTTP with fetch like
// contract-tests/support/cookie-jar.ts does for the vitest suites.
'use strict';

const ENTITIES = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&#x2F;': '/',
  '&#96;': '`',
  '&#x3D;': '=',
};
const decode = (value) => value.replace(/&(?:amp|lt|gt|quot|#39|#x27|#x2F|#96|#x3D);/g, (e) => ENTITIES[e] ?? e);

/** The named inputs of a page's forms, by name. */
function formFields(html) {
  const fields = {};
  for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    const value = /value="([^"]*)"/.exec(tag)?.[1];
    if (name && value !== undefined) fields[decode(name)] = decode(value);
  }
  return fields;
}

/** Cookies of `previous` updated by a response's Set-Cookie headers, as a Cookie header value. */
function cookiesAfter(previous, response) {
  const jar = new Map(
    previous
      ? previous.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])
      : [],
  );
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const name = pair.slice(0, pair.indexOf('=')).trim();
    const value = pair.slice(pair.indexOf('=') + 1).trim();
    if (value === '' || /max-age=0/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** GETs a page (no redirects followed) and returns its form fields and the cookies after it. */
async function page(url, cookie = '') {
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return { fields: formFields(html), cookie: cookiesAfter(cookie, response) };
}

/** Signs in through the sign-in form and returns the session's Cookie header value. */
async function signIn(origin, email, password) {
  const form = await page(`${origin}/oauth/sign-in`);
  const response = await fetch(`${origin}/oauth/sign-in`, {
    method: 'POST',
    headers: { cookie: form.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, email, password, return_to: '/oauth/sign-in' }).toString(),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`sign-in answered ${response.status}`);
  return cookiesAfter(form.cookie, response);
}

module.exports = { formFields, page, signIn };
