import { describe, expect, it } from 'vitest';
import { allLoopback, isLoopbackUri, matchRedirectUri } from './redirect-uri.ts';

const registered = ['https://app.example.com/callback', 'http://127.0.0.1:8080/cb', 'http://localhost/cb'];

describe('redirect URI matching (RFC 9700 2.1 exact match; RFC 8252 7.3 loopback ports)', () => {
  it('matches a registered URI exactly', () => {
    expect(matchRedirectUri(registered, 'https://app.example.com/callback')).toBe('https://app.example.com/callback');
  });

  it.each([
    'https://app.example.com/callback/',
    'https://app.example.com/callbackx',
    'https://APP.example.com/callback',
    'https://app.example.com/Callback',
    'https://app.example.com/callback?x=1',
    'https://app.example.com/callback#frag',
    'https://user@app.example.com/callback',
    'https://app.example.com.evil.com/callback',
    'https://app.example.com/callback/../other',
    'https://app.example.com/%63allback',
    'http://app.example.com/callback',
  ])('refuses a near miss %s', (uri) => {
    expect(matchRedirectUri(registered, uri)).toBeUndefined();
  });

  it('matches loopback URIs on any port but the same host and path', () => {
    expect(matchRedirectUri(registered, 'http://127.0.0.1:51234/cb')).toBe('http://127.0.0.1:8080/cb');
    expect(matchRedirectUri(registered, 'http://localhost:9999/cb')).toBe('http://localhost/cb');
    expect(matchRedirectUri(registered, 'http://127.0.0.1:51234/other')).toBeUndefined();
    expect(matchRedirectUri(registered, 'http://[::1]:51234/cb')).toBeUndefined();
    expect(matchRedirectUri(registered, 'http://127.0.0.1:51234/x/../cb')).toBeUndefined();
  });

  it('knows loopback URIs', () => {
    expect(isLoopbackUri('http://[::1]:3000/cb')).toBe(true);
    expect(isLoopbackUri('https://127.0.0.1/cb')).toBe(false);
    expect(isLoopbackUri('http://127.0.0.2/cb')).toBe(false);
    expect(allLoopback(['http://127.0.0.1/cb', 'http://localhost:1/x'])).toBe(true);
    expect(allLoopback([])).toBe(false);
  });
});
