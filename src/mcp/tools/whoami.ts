// whoami: what this connection may do (it reports the available tools, as
// Loopwise's check_connection does). Anonymous callers learn they are anonymous; token holders
// see the token's audience, scopes and expiry. Never the token itself or who else it could be.
import { z } from 'zod';
import type { ToolDefinition } from '../registry.ts';
import { counted, READ_ONLY } from './common.ts';

const input = z.strictObject({});

const output = z.object({
  audience: z.enum(['anonymous', 'member', 'operator']),
  scopes: z.array(z.string()),
  client_id: z.string().nullable(),
  expires_at: z.string().nullable(),
  tools: z.array(z.string()).describe('Names of the tools this connection may call'),
});

export const whoami: ToolDefinition<z.output<typeof input>, z.output<typeof output>> = {
  name: 'whoami',
  title: 'Who am I',
  description:
    'Reports how this connection is authenticated (anonymous, member or operator token), the scopes it holds and the tools it may call.',
  inputSchema: input,
  outputSchema: output,
  annotations: READ_ONLY,
  audience: 'anonymous',
  requiredScopes: [],
  async handler(_args, { auth, availableTools }) {
    const result = {
      audience: auth?.audience ?? ('anonymous' as const),
      scopes: auth ? [...auth.scopes].sort() : [],
      client_id: auth?.clientId ?? null,
      expires_at: auth ? auth.expiresAt.toISOString() : null,
      tools: [...availableTools],
    };
    const who = auth
      ? `a ${auth.audience} token with the scopes ${result.scopes.join(' ') || '(none)'}`
      : 'anonymous (no token): public catalog tools only';
    return {
      structuredContent: result,
      summary: `Connected as ${who}; ${counted(result.tools.length, 'tool')} available.`,
    };
  },
};
