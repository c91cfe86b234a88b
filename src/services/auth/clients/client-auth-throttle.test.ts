// The failure bucket's key for a client_id (client-auth-throttle.ts, /auth.md "Rate limits"): one
// key per client_id, two client_ids never share one, and a client_id of any length (a
// metadata-document URL) yields a key of bounded length.
import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './client-auth-throttle.ts';

describe('client-auth failure buckets, keyed per client_id (/auth.md "Rate limits")', () => {
  it('gives each client_id its own key, of bounded length', () => {
    const ids = [
      'demo-progress-sync',
      'sc_client_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS', // 64 characters
      'sc_client_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRST', // 65
      'https://app.example/client.json',
      `https://app.example/${'x'.repeat(5000)}`,
      'a:b',
      'A',
      'a',
    ];
    const keys = ids.map(clientKeyOf);
    expect(new Set(keys).size).toBe(ids.length);
    for (const key of keys) expect(key.length).toBeLessThanOrEqual(80);
    expect(ids.map(clientKeyOf)).toEqual(keys); // the same client_id, the same bucket
  });

  it('never lets a plain client_id name the bucket of a digested one', () => {
    const long = `https://app.example/${'x'.repeat(100)}`;
    const digested = clientKeyOf(long);
    const posing = digested.slice(digested.indexOf('=') + 1);
    expect(clientKeyOf(posing)).not.toBe(digested);
    expect(clientKeyOf(`sha256=${posing}`)).not.toBe(digested);
  });
});
