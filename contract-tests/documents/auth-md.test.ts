// /auth.md documents lifetimes, the scope-to-claim mapping and the error codes (what a client needs
// to know), and agrees with the authorization server metadata (the source of truth).
import { beforeAll, describe, expect, inject, it } from 'vitest';

const origin = inject('primaryOrigin');

describe('/auth.md (lifetimes, claims, errors)', () => {
  let text: string;
  let metadata: Record<string, unknown>;
  beforeAll(async () => {
    const response = await fetch(`${origin}/auth.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    text = await response.text();
    metadata = await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json();
  });

  it('names every endpoint of the authorization server metadata', () => {
    for (const key of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'revocation_endpoint',
      'introspection_endpoint',
      'registration_endpoint',
      'end_session_endpoint',
      'jwks_uri',
    ]) {
      expect(text).toContain(metadata[key] as string);
    }
  });

  it('lists every scope of scopes_supported', () => {
    for (const scope of metadata.scopes_supported as string[]) expect(text).toContain(`| \`${scope}\` |`);
  });

  it('documents the lifetimes, including the 10-minute ID token', () => {
    expect(text).toMatch(/\| Access token \| 1 hour \|/);
    expect(text).toMatch(/\| ID token \| 10 minutes \|/);
    expect(text).toMatch(/\| Authorization code \| 1 minute, single use \|/);
  });

  it('documents the scope-to-claim mapping of UserInfo', () => {
    expect(text).toMatch(/\| `email` \| string \| `email` \|/);
    expect(text).toMatch(/\| `name` \| string or null \| `profile` \|/);
  });

  it('documents every error code the service uses', () => {
    for (const code of [
      'invalid_request',
      'invalid_grant',
      'invalid_client',
      'invalid_scope',
      'invalid_client_metadata',
      'invalid_redirect_uri',
      'invalid_token',
      'insufficient_scope',
    ])
      expect(text).toContain(`\`${code}\``);
  });

  it('says what a client that sends no particular scope receives, for a member application and a registered client (RFC 6749 3.3)', () => {
    const section = /### Which scopes a client receives\n([\s\S]*?)\n## /.exec(text)?.[1] ?? '';
    expect(section).toContain('`scopes_supported`');
    expect(section).toMatch(
      /\| Member application \|[^\n]*every `account:\*` scope the school selected[^\n]*Never an operator scope/,
    );
    expect(section).toMatch(/\| Registered at [^|]*\| what it asked for \|[^\n]*`account:read`/);
    expect(section).toContain("the token response's `scope` says what was issued");
  });

  it('is what service_documentation points to', () => {
    expect(metadata.service_documentation).toBe(`${origin}/auth.md`);
  });
});
