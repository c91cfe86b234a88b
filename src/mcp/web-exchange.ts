// The SDK v2 serves MCP over web-standard Request and Response objects; express has parsed the
// body already (it is handed over as `parsedBody`), so the Request carries the URL and headers only.
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/** The web Request of an express request at the school's origin, headers and all, without its (already parsed) body. */
export function webRequestOf(req: ExpressRequest, origin: string): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // The school's own origin, resolved already (http/site-resolver.ts): never a URL built from a header.
  return new Request(`${origin}${req.originalUrl}`, { method: req.method, headers });
}

/** Sends a web Response through express, keeping the headers set on `res` before (no-store). */
export async function writeWebResponse(res: ExpressResponse, response: globalThis.Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) return void res.end();
  // A JSON answer is sent whole, with its Content-Length; only an event stream is relayed as it comes.
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream'))
    return void res.end(Buffer.from(await response.arrayBuffer()));
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
  res.end();
}
