// Requests as the tables of the service's source specification write them: a form POST to an OAuth
// endpoint, the member data API's POST with a bearer token, and the JSON that comes back.
export type Reply<T = Record<string, any>> = { status: number; headers: Headers; body: T };

async function replyOf<T>(response: Response): Promise<Reply<T>> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as T };
}

/** POST with `Content-Type: application/x-www-form-urlencoded` (token, revocation). */
export async function postForm(url: string, parameters: Record<string, string>): Promise<Reply> {
  return replyOf(
    await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(parameters).toString(),
    }),
  );
}

/** Member data API: `POST /account/graphql` with the two headers and `{ query }`; no token when undefined. */
export async function postGraphQL(origin: string, query: string, token?: string): Promise<Reply> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  return replyOf(
    await fetch(`${origin}/account/graphql`, { method: 'POST', headers, body: JSON.stringify({ query }) }),
  );
}

/** UserInfo: GET with `Authorization: Bearer <ACCESS_TOKEN>`. */
export async function getUserInfo(origin: string, token: string): Promise<Reply> {
  return replyOf(await fetch(`${origin}/api/oauth/userinfo`, { headers: { Authorization: `Bearer ${token}` } }));
}
