// Refresh-token chains for the refresh scenario. Each connection owns a few chains and uses them
// in turn; every request sends the refresh token the previous response of that chain returned, so
// a rotation never breaks a chain unless the server refuses it. A refused rotation marks the chain
// broken (counted and reported); the connection then takes a spare chain from the pool.
// A request still in flight when the generator stops leaves its chain unsure (the server may or
// may not have rotated it): settle() retries those with the same token right after the run, which
// our server accepts within its reuse grace window; a chain that fails then is counted as lost,
// not broken, since the generator, not the server, cut it.
import type { RequestSpec } from './load.ts';

export type Chain = { token: string; inFlight: boolean; state: 'live' | 'broken' | 'lost'; rotations: number };

const REFRESH_TOKEN = /"refresh_token"\s*:\s*"([^"]+)"/;
const ERROR = /"error"\s*:\s*"([^"]+)"/;

export type ChainStats = {
  chains: number;
  live: number;
  broken: number;
  lost: number;
  recovered: number;
  rotations: number;
  failures: Record<string, number>;
};

export class ChainPool {
  readonly chains: Chain[];
  readonly perConnection: number;
  broken = 0;
  lost = 0;
  recovered = 0;
  rotations = 0;
  readonly failures: Record<string, number> = {};
  #assigned = new Set<Chain>();
  /** What a connection sends once every chain it could use is gone: refused, and so counted. */
  readonly #dead: Chain = { token: 'no-live-chain-left', inFlight: false, state: 'broken', rotations: 0 };

  constructor(tokens: string[], perConnection: number) {
    this.chains = tokens.map((token) => ({ token, inFlight: false, state: 'live', rotations: 0 }));
    this.perConnection = perConnection;
  }

  /** A new run hands chains out afresh (autocannon makes new connections for every run). */
  beginRun(): void {
    this.#assigned = new Set();
  }

  #take(): Chain | undefined {
    const chain = this.chains.find((c) => c.state === 'live' && !c.inFlight && !this.#assigned.has(c));
    if (chain) this.#assigned.add(chain);
    return chain;
  }

  /**
   * The request of one connection. `bodyFor` turns a refresh token into the form body; the rest
   * of the request (path, client authentication) is fixed.
   */
  connectionSpec(
    base: Omit<RequestSpec, 'setupRequest' | 'onResponse' | 'body'>,
    bodyFor: (token: string) => string,
  ): RequestSpec {
    const mine: Chain[] = [];
    for (let i = 0; i < this.perConnection; i++) {
      const chain = this.#take();
      if (chain) mine.push(chain);
    }
    let cursor = 0;
    let current: Chain | undefined;
    const pick = (): Chain => {
      for (let i = 0; i < mine.length; i++) {
        const chain = mine[cursor++ % mine.length]!;
        if (chain.state === 'live') return chain;
      }
      const spare = this.#take();
      if (spare) {
        mine.push(spare);
        return spare;
      }
      return this.#dead;
    };
    return {
      ...base,
      setupRequest: (req) => {
        // No answer to the last request (a timeout made autocannon reconnect): retry that chain.
        if (!current?.inFlight) current = pick();
        current.inFlight = true;
        return { ...req, body: bodyFor(current.token) };
      },
      onResponse: (status, body) => {
        const chain = current;
        if (!chain) return;
        chain.inFlight = false;
        const rotated = status === 200 ? REFRESH_TOKEN.exec(body)?.[1] : undefined;
        if (rotated) {
          chain.token = rotated;
          chain.rotations++;
          this.rotations++;
        } else if (chain.state === 'live') {
          chain.state = 'broken';
          this.broken++;
          const reason = `${status} ${ERROR.exec(body)?.[1] ?? ''}`.trim();
          this.failures[reason] = (this.failures[reason] ?? 0) + 1;
        }
      },
    };
  }

  /** After a run: resolve the chains the generator left in flight (see the file comment). */
  async settle(refresh: (token: string) => Promise<string | undefined>): Promise<void> {
    for (const chain of this.chains) {
      if (!chain.inFlight) continue;
      chain.inFlight = false;
      if (chain.state !== 'live') continue;
      const rotated = await refresh(chain.token).catch(() => undefined);
      if (rotated) {
        chain.token = rotated;
        chain.rotations++;
        this.recovered++;
      } else {
        chain.state = 'lost';
        this.lost++;
      }
    }
  }

  stats(): ChainStats {
    return {
      chains: this.chains.length,
      live: this.chains.filter((c) => c.state === 'live').length,
      broken: this.broken,
      lost: this.lost,
      recovered: this.recovered,
      rotations: this.rotations,
      failures: { ...this.failures },
    };
  }
}

/** One refresh outside the load (settling): the new refresh token, or undefined if refused. */
export async function refreshOnce(
  tokenEndpoint: string,
  authorization: string,
  token: string,
): Promise<string | undefined> {
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
  });
  const text = await response.text();
  return response.status === 200 ? REFRESH_TOKEN.exec(text)?.[1] : undefined;
}
