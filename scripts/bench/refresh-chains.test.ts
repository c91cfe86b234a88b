import { describe, expect, it } from 'vitest';
import { ChainPool } from './refresh-chains.ts';

const base = { method: 'POST' as const, path: '/token', headers: {} };
const body = (token: string) => `refresh_token=${token}`;
const send = (spec: ReturnType<ChainPool['connectionSpec']>) => spec.setupRequest!({ ...base }).body as string;

describe('refresh-token chains', () => {
  it('sends the refresh token the previous response returned, round-robin over the connection’s chains', () => {
    const pool = new ChainPool(['a', 'b', 'c'], 2);
    pool.beginRun();
    const spec = pool.connectionSpec(base, body);
    expect(send(spec)).toBe('refresh_token=a');
    spec.onResponse!(200, '{"access_token":"x","refresh_token":"a2"}');
    expect(send(spec)).toBe('refresh_token=b');
    spec.onResponse!(200, '{"refresh_token":"b2"}');
    expect(send(spec)).toBe('refresh_token=a2');
    expect(pool.stats()).toMatchObject({ rotations: 2, broken: 0 });
  });

  it('counts a refused rotation as a broken chain and moves on to a spare', () => {
    const pool = new ChainPool(['a', 'b'], 1);
    pool.beginRun();
    const spec = pool.connectionSpec(base, body);
    expect(send(spec)).toBe('refresh_token=a');
    spec.onResponse!(400, '{"error":"invalid_grant"}');
    expect(send(spec)).toBe('refresh_token=b');
    expect(pool.stats()).toMatchObject({ broken: 1, live: 1, failures: { '400 invalid_grant': 1 } });
  });

  it('retries the same chain when its request got no answer (autocannon reconnected after a timeout)', () => {
    const pool = new ChainPool(['a', 'b'], 2);
    pool.beginRun();
    const spec = pool.connectionSpec(base, body);
    expect(send(spec)).toBe('refresh_token=a');
    expect(send(spec)).toBe('refresh_token=a');
  });

  it('settles chains left in flight at the end of a run: recovered when the retry rotates, lost otherwise', async () => {
    const pool = new ChainPool(['a', 'b'], 2);
    pool.beginRun();
    const one = pool.connectionSpec(base, body);
    send(one);
    await pool.settle(async (token) => (token === 'a' ? 'a2' : undefined));
    expect(pool.chains[0]).toMatchObject({ token: 'a2', inFlight: false, state: 'live' });
    pool.beginRun();
    const two = pool.connectionSpec(base, body);
    send(two); // a2
    two.onResponse!(200, '{"refresh_token":"a3"}');
    send(two); // b, left in flight
    await pool.settle(async () => undefined);
    expect(pool.stats()).toMatchObject({ recovered: 1, lost: 1, broken: 0, live: 1 });
  });
});
