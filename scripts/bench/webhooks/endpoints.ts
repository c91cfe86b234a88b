// A webhooks row's endpoints are enabled only while that row is measured: the rows take turns on
// one server, and both subscribe to course.published, so an endpoint left enabled would be sent
// every other row's events too (six deliveries to a publish instead of one, and stale ones to a
// closed receiver). They are deleted when the row closes.

async function send(origin: string, authorization: string, method: 'PATCH' | 'DELETE', id: string, body?: unknown) {
  const response = await fetch(`${origin}/api/v1/webhooks/${id}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text };
}

/** Enables or disables each endpoint (OpenAPI WebhookEndpointUpdate `enabled`). */
export async function setEndpointsEnabled(
  origin: string,
  authorization: string,
  ids: readonly string[],
  enabled: boolean,
): Promise<void> {
  for (const id of ids) {
    const { status, text } = await send(origin, authorization, 'PATCH', id, { enabled });
    if (status !== 200)
      throw new Error(`webhooks row: PATCH /api/v1/webhooks/${id} answered ${status} ${text.slice(0, 300)}`);
  }
}

/** Deletes each endpoint; one already gone (404) is fine. */
export async function removeEndpoints(origin: string, authorization: string, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const { status } = await send(origin, authorization, 'DELETE', id);
    if (status >= 300 && status !== 404)
      throw new Error(`webhooks row: DELETE /api/v1/webhooks/${id} answered ${status}`);
  }
}
