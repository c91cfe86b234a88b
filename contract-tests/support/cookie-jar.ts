// A minimal cookie jar for tests that walk the browser pages over plain HTTP (the Playwright tests
// use a real browser instead). Cookies are kept per host, as browsers do.
export class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  store(url: string, response: Response): void {
    const host = new URL(url).hostname;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }

  header(url: string): string {
    const jar = this.cookies.get(new URL(url).hostname);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }

  get(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).hostname)?.get(name);
  }
}

/** GET or POST without following redirects, with the jar's cookies. */
export async function browserFetch(
  jar: CookieJar,
  url: string,
  init: { method?: string; form?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { cookie: jar.header(url) };
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(url, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
  jar.store(url, response);
  return response;
}

const ENTITIES: Record<string, string> = {
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

export function decodeEntities(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#39|#x27|#x2F|#96|#x3D);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The hidden and text inputs of the first form in a page, by name. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*>/g)) {
    const tag = match[0];
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    const value = /value="([^"]*)"/.exec(tag)?.[1];
    if (name && value !== undefined) fields[decodeEntities(name)] = decodeEntities(value);
  }
  return fields;
}
