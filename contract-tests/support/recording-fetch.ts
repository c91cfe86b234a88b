// A fetch for the MCP SDKs' `fetchFn` that records what the SDK sends, so a test can check each
// step of an authorization flow (discovery, registration, token requests) on the wire.
export type Recorded = { method: string; url: string; status: number; body: string };

export function recordingFetch(log: Recorded[]) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const url = input instanceof Request ? input.url : input.toString();
    log.push({
      method: init?.method ?? 'GET',
      url,
      status: response.status,
      body:
        typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : '',
    });
    return response;
  };
}

/** The discovery, registration and token requests of the flow, in the order the SDK sent them. */
export function oauthSteps(log: Recorded[]): string[] {
  return log
    .filter((r) => new URL(r.url).pathname !== '/mcp')
    .map((r) => `${r.method} ${new URL(r.url).pathname} ${r.status}`);
}
