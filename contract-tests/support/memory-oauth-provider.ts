// The in-memory storage and browser hand-off an MCP host gives the SDKs' OAuthClientProvider: what
// every MCP authorization test needs (tokens, PKCE verifier, discovery state, the authorization URL
// it was sent to, the state it made). The v1 and v2 interfaces differ only in types; subclasses say
// how the client is identified (registered by the flow, or a pre-registered member application).
export abstract class MemoryOAuthProvider {
  authorizationUrl: URL | undefined;
  lastState = '';
  protected stored: Record<string, unknown> | undefined;
  private verifier = '';
  private discovery: unknown;
  readonly redirectUrl: string;

  constructor(redirectUri: string) {
    this.redirectUrl = redirectUri;
  }

  abstract get clientMetadata(): Record<string, unknown>;
  abstract clientInformation(): never;

  state() {
    this.lastState = crypto.randomUUID();
    return this.lastState;
  }
  tokens() {
    return this.stored as never;
  }
  saveTokens(tokens: Record<string, unknown>) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: unknown) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery as never;
  }
  get accessToken(): string | undefined {
    return this.stored?.access_token as string | undefined;
  }
  get scope(): string | undefined {
    return this.stored?.scope as string | undefined;
  }
}

/** A client the flow registers itself (RFC 7591), as a new MCP host does when it is given nothing. */
export class RegisteringOAuthProvider extends MemoryOAuthProvider {
  private client: Record<string, unknown> | undefined;

  get clientMetadata() {
    return {
      client_name: 'MCP SDK contract test',
      redirect_uris: [this.redirectUrl],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    };
  }
  clientInformation() {
    return this.client as never;
  }
  saveClientInformation(info: Record<string, unknown>) {
    this.client = info;
  }
  get registeredClientId(): string | undefined {
    return this.client?.client_id as string | undefined;
  }
}

/** A host given a member application's client_id (/auth.md "2. Get a client": member applications are created by operators). */
export class MemberAppOAuthProvider extends MemoryOAuthProvider {
  readonly clientId: string;

  constructor(redirectUri: string, clientId: string) {
    super(redirectUri);
    this.clientId = clientId;
  }
  get clientMetadata() {
    return { client_name: 'MCP contract test', redirect_uris: [this.redirectUrl], token_endpoint_auth_method: 'none' };
  }
  clientInformation() {
    return { client_id: this.clientId } as never;
  }
}
