// Browser-based MCP clients (the MCP Inspector on a loopback origin) can preflight /mcp and
// /account/graphql: bearer tokens, never cookies, so any origin may ask (Fetch standard, CORS).
import { describe, expect, inject, it } from 'vitest';

const origin = inject('primaryOrigin');

describe('CORS for the bearer-token APIs', () => {
  it.each(['/mcp', '/account/graphql'])(
    '%s answers a preflight allowing Authorization and MCP-Protocol-Version',
    async (path) => {
      const response = await fetch(`${origin}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:6274',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type, mcp-protocol-version',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const allowed = response.headers.get('access-control-allow-headers')?.toLowerCase() ?? '';
      for (const header of ['authorization', 'content-type', 'mcp-protocol-version']) expect(allowed).toContain(header);
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    },
  );
});
