// Builds the redirect back to the client: success with `code`, failure with `error` and
// `error_description`; `state` when the client sent one, and `iss` always (RFC 9207 2).
export function redirectToClient(
  redirectUri: string,
  params: Record<string, string | undefined>,
  issuer: string,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  url.searchParams.set('iss', issuer);
  return url.toString();
}
