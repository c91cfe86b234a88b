// The callback leg of the v2 MCP client's auth(): the host hands over the redirect's code and its
// `iss` (RFC 9207 2.4), which the SDK checks against the issuer it discovered before the exchange.
import * as v2 from '@modelcontextprotocol/client';

export function finishAuthV2(
  provider: v2.OAuthClientProvider,
  serverUrl: URL,
  callback: URL,
  fetchFn?: v2.FetchLike,
): Promise<v2.AuthResult> {
  return v2.auth(provider, {
    serverUrl,
    authorizationCode: callback.searchParams.get('code')!,
    iss: callback.searchParams.get('iss')!,
    ...(fetchFn ? { fetchFn } : {}),
  });
}
