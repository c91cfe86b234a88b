import { describe, expect, it } from 'vitest';
import { isLoopbackRedirect, parseClientIdUrl } from './client-id-url.ts';

describe('parseClientIdUrl (CIMD draft, Client Identifier URL)', () => {
  it.each([
    'https://app.example.com/oauth/client.json',
    'https://app.example.com/client',
    'https://app.example.com/.well-known/oauth-client',
    'https://app.example.com:8443/client.json',
    'https://xn--bcher-kva.example/client.json',
  ])('accepts %s', (value) => {
    const result = parseClientIdUrl(value);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.url.href).toBe(value);
  });

  it.each([
    ['http://app.example.com/client.json', 'https scheme'],
    ['ftp://app.example.com/client.json', 'https scheme'],
    ['https://app.example.com/', 'path component'],
    ['https://app.example.com', 'path component'],
    ['https://app.example.com/client.json#frag', 'fragment'],
    ['https://app.example.com/client.json#', 'fragment'],
    ['https://app.example.com/client.json?v=1', 'query string'],
    ['https://app.example.com/client.json?', 'query string'],
    ['https://user@app.example.com/client.json', 'username or password'],
    ['https://user:pw@app.example.com/client.json', 'username or password'],
    ['https://app.example.com/a/./client.json', 'path segments'],
    ['https://app.example.com/a/../client.json', 'path segments'],
    ['https://app.example.com/a/%2e%2e/client.json', 'path segments'],
    ['https://app.example.com/a/%2E/client.json', 'path segments'],
    ['https://app.example.com/a/.%2e/client.json', 'path segments'],
    ['https://app.example.com/a/..', 'path segments'],
    ['https://app.example.com/a\\..\\client.json', 'path segments'],
    ['https://127.0.0.1/client.json', 'IP address'],
    ['https://[::1]/client.json', 'IP address'],
    ['https://10.0.0.1/client.json', 'IP address'],
    ['https://2130706433/client.json', 'IP address'],
    ['https://0x7f.1/client.json', 'IP address'],
    ['https://APP.example.com/client.json', 'canonical form'],
    ['https://app.example.com:443/client.json', 'canonical form'],
    ['https://app.example.com/a b', 'canonical form'],
    [' https://app.example.com/client.json', 'canonical form'],
    ['https://app.example.com\\client.json', 'canonical form'],
    ['not a url', 'absolute URL'],
    ['/relative/client.json', 'absolute URL'],
    [`https://app.example.com/${'a'.repeat(2048)}`, 'longer than'],
  ])('refuses %s (%s)', (value, reason) => {
    const result = parseClientIdUrl(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });

  it('accepts a client_id of exactly 2048 characters', () => {
    const prefix = 'https://app.example.com/';
    expect(parseClientIdUrl(prefix + 'a'.repeat(2048 - prefix.length)).ok).toBe(true);
  });
});

describe('isLoopbackRedirect (RFC 8252 7.3)', () => {
  it.each([
    'http://127.0.0.1/callback',
    'http://127.0.0.1:51004/callback',
    'http://[::1]/callback',
    'http://[::1]:8080/cb?x=1',
    'http://localhost/callback',
    'http://localhost:3000/callback',
  ])('treats %s as a loopback redirect', (uri) => {
    expect(isLoopbackRedirect(uri)).toBe(true);
  });

  it.each([
    'https://127.0.0.1/callback',
    'https://localhost/callback',
    'http://127.0.0.2/callback',
    'http://localhost.example.com/callback',
    'http://127.0.0.1.nip.io/callback',
    'http://user@127.0.0.1/callback',
    'http://app.example.com/callback',
    'com.example.app:/callback',
    'not a uri',
  ])('does not treat %s as a loopback redirect', (uri) => {
    expect(isLoopbackRedirect(uri)).toBe(false);
  });
});
