// Keep-alive connections to receivers (/webhooks.md "Delivery"): a TCP (and TLS) handshake per
// attempt costs more than the attempt itself on a busy endpoint. One node agent per origin and
// checked address: every connection an agent opens is pinned to the address the SSRF rules
// checked (lib/net/safe-fetch.ts pinnedLookup), so a reused socket is one to an address checked
// before, and a name that now resolves elsewhere gets an agent of its own. The pool is bounded:
// the least recently used agent beyond the cap is closed with its sockets.
import * as http from 'node:http';
import * as https from 'node:https';
import { pinnedLookup, type Address } from '../../lib/net/safe-fetch.ts';

/** Agents kept at most; far more than a deployment's receivers are busy at once. */
const MAX_AGENTS = 256;
/** Sockets per agent: the in-flight bound per endpoint (delivery-worker.ts) makes more pointless. */
const MAX_SOCKETS = 8;
/** An idle socket is closed after this, before a receiver's own keep-alive timeout as a rule. */
const IDLE_MS = 4_000;

export class ReceiverAgents {
  readonly #agents = new Map<string, http.Agent>();

  /** The agent for `url`'s origin whose connections all go to `pinned`. */
  agentFor(url: URL, pinned: Address): http.Agent {
    const key = `${url.protocol}//${url.host}|${pinned.address}`;
    let agent = this.#agents.get(key);
    if (agent) {
      // Most recently used last, so the first entry is the one to drop.
      this.#agents.delete(key);
      this.#agents.set(key, agent);
      return agent;
    }
    const options = { keepAlive: true, maxSockets: MAX_SOCKETS, maxFreeSockets: MAX_SOCKETS, timeout: IDLE_MS };
    const lookup = pinnedLookup(pinned);
    agent =
      url.protocol === 'https:' ? new https.Agent({ ...options, lookup }) : new http.Agent({ ...options, lookup });
    this.#agents.set(key, agent);
    if (this.#agents.size > MAX_AGENTS) {
      const [oldestKey, oldest] = this.#agents.entries().next().value!;
      this.#agents.delete(oldestKey);
      oldest.destroy();
    }
    return agent;
  }

  /** Closes every socket (the worker's stop). */
  close(): void {
    for (const agent of this.#agents.values()) agent.destroy();
    this.#agents.clear();
  }
}
