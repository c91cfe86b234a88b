// oidc-provider ships no types for its internal modules; the benchmark uses two of them to give
// the built-in memory adapter a store large enough for a load test (see configuration.ts).
declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  import type { Adapter } from 'oidc-provider';
  const MemoryAdapter: new (model: string, store?: unknown, clockTolerance?: number) => Adapter;
  export default MemoryAdapter;
}
declare module 'oidc-provider/lib/helpers/lru.js' {
  export default class LRU {
    constructor(options: { maxSize: number });
  }
}
