// Endpoint URL rules (endpoint-url.ts): the SSRF rules of metadata-document fetches, checked on
// what the URL itself says when an endpoint is created or changed.
import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../errors.ts';
import { checkEndpointUrl } from './endpoint-url.ts';

const refused = (url: string, allowPrivate = false) => {
  try {
    checkEndpointUrl(url, allowPrivate);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(RuleViolation);
    return (error as RuleViolation).message;
  }
};

describe('webhook endpoint URLs (RFC 6890 special-use addresses; https only, RFC 9110 4.2.2)', () => {
  it('admits a public https URL and answers it normalised', () => {
    expect(checkEndpointUrl('https://Hooks.Example.com/a?b=1', false)).toBe('https://hooks.example.com/a?b=1');
  });

  it('refuses http, credentials, fragments, loopback names and special-use literals', () => {
    for (const url of [
      'http://hooks.example.com/',
      'https://user:pw@hooks.example.com/',
      'https://hooks.example.com/#x',
      'https://localhost/hook',
      'https://api.localhost/hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/hook',
      'https://[::ffff:192.168.0.1]/hook',
      'not a url',
    ])
      expect(refused(url), url).toBeDefined();
  });

  it('admits http to loopback only with the development setting', () => {
    expect(refused('http://127.0.0.1:8080/hook', true)).toBeUndefined();
    expect(refused('ftp://127.0.0.1/hook', true)).toBeDefined();
  });
});
