// Discovery documents are public and change only when a school's settings do: clients may cache
// them briefly (RFC 8414 3: public metadata). CORS for browser clients is added by the HTTP layer.
export const DISCOVERY_CACHE_HEADERS = { 'Cache-Control': 'public, max-age=300' } as const;
