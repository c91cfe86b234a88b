// The admin API calls of the webhooks rows (driver.ts, burst.ts), written once. A row's endpoints
// are enabled only while that row is measured: the rows take turns on one server, and both
// subscribe to course.published, so an endpoint left enabled would be sent every other row's events
// too (six deliveries to a publish instead of one, and stale ones to a closed receiver). They are
// deleted when the row closes.

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One admin API request with the row's bearer token; the status and body as text. */
async function send(origin: string, authorization: string, method: Method, path: string, body?: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, text: await response.text() };
}

/** An admin API call that must succeed: its JSON body, or an error naming the row, the call and the answer. */
export async function adminCall<T>(
  row: string,
  origin: string,
  authorization: string,
  method: Method,
  path: string,
  body?: unknown,
): Promise<T> {
  const { status, text } = await send(origin, authorization, method, path, body);
  if (status < 200 || status >= 300)
    throw new Error(`${row}: ${method} ${path} answered ${status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Enables or disables each endpoint (OpenAPI WebhookEndpointUpdate `enabled`). */
export async function setEndpointsEnabled(
  origin: string,
  authorization: string,
  ids: readonly string[],
  enabled: boolean,
): Promise<void> {
  for (const id of ids)
    await adminCall('webhooks row', origin, authorization, 'PATCH', `/api/v1/webhooks/${id}`, { enabled });
}

/** Runs `measure` with the row's endpoints enabled, and disables them again whatever happens. */
export async function whileEnabled<T>(
  origin: string,
  authorization: string,
  ids: readonly string[],
  measure: () => Promise<T>,
): Promise<T> {
  await setEndpointsEnabled(origin, authorization, ids, true);
  try {
    return await measure();
  } finally {
    await setEndpointsEnabled(origin, authorization, ids, false);
  }
}

/** Deletes each endpoint; one already gone (404) is fine. */
export async function removeEndpoints(origin: string, authorization: string, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const { status } = await send(origin, authorization, 'DELETE', `/api/v1/webhooks/${id}`);
    if (status >= 300 && status !== 404)
      throw new Error(`webhooks row: DELETE /api/v1/webhooks/${id} answered ${status}`);
  }
}
