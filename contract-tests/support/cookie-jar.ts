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
export function formFields(html: string, action?: string): Record<string, string> {
  // A page with several forms (the consent page's "Switch account" and its decision): only the
  // inputs of the form posting to `action`.
  const scope =
    action === undefined
      ? html
      : ([...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].find((form) =>
          form[0].startsWith(`<form method="post" action="${action}"`),
        )?.[0] ?? '');
  const fields: Record<string, string> = {};
  for (const match of scope.matchAll(/<input[^>]*>/g)) {
    const tag = match[0];
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    const value = /value="([^"]*)"/.exec(tag)?.[1];
    if (name && value !== undefined) fields[decodeEntities(name)] = decodeEntities(value);
  }
  return fields;
}

/** The refusal page of /oauth/authorize (403): the URL its "Back to …" button leads to, else undefined. */
export function refusalLink(html: string, status: number): URL | undefined {
  const href = /<a class="button return-to-client" href="([^"]*)"/.exec(html)?.[1];
  return status === 403 && href ? new URL(decodeEntities(href)) : undefined;
}
