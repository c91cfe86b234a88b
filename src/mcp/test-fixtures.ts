// Fixtures the unit tests of this folder share: tokens of each audience and a registry holding
// one tool of each kind, including a JSON-Schema tool shaped like a generated admin operation.
import { z } from 'zod';
import type { AuthInfo } from '../http/bearer-guard.ts';
import { createToolRegistry, type ToolDefinition } from './registry.ts';

export function tokenOf(audience: AuthInfo['audience'], scopes: string[]): AuthInfo {
  const now = new Date();
  return {
    personId: 'p1',
    grantId: 'g1',
    clientId: 'c1',
    clientRowId: 'cr1',
    audience,
    scopes: new Set(scopes),
    resource: 'https://school.example',
    expiresAt: now,
    issuedAt: now,
    tokenHash: 'h',
    person: { id: 'p1', email: 'p1@school.example', name: null, emailVerified: false, roles: ['student'] },
  };
}

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const publicTool: ToolDefinition<{ word: string }, { echo: string }> = {
  name: 'echo',
  title: 'Echo',
  description: 'Echoes a word.',
  inputSchema: z.strictObject({ word: z.string().max(5) }),
  outputSchema: z.object({ echo: z.string() }),
  annotations: readOnly,
  audience: 'anonymous',
  requiredScopes: [],
  handler: async ({ word }) => ({ structuredContent: { echo: word }, summary: word }),
};

export const memberWrite: ToolDefinition<Record<string, never>, { ok: boolean }> = {
  ...(publicTool as unknown as ToolDefinition<Record<string, never>, { ok: boolean }>),
  name: 'member_write',
  inputSchema: z.strictObject({}),
  outputSchema: z.object({ ok: z.boolean() }),
  annotations: { ...readOnly, readOnlyHint: false },
  audience: 'member',
  requiredScopes: ['account:read', 'account:write'],
  handler: async () => ({ structuredContent: { ok: true }, summary: 'ok' }),
};

/** What a tool generated from `PATCH /api/v1/courses/{course_id}` (operationId updateCourse) looks like: flat arguments. */
export const operatorOperation: ToolDefinition = {
  name: 'update_course',
  title: 'Update a course',
  description: 'PATCH /api/v1/courses/{course_id}',
  inputSchema: {
    type: 'object',
    properties: {
      course_id: { type: 'string', format: 'uuid' },
      title: { type: 'string', minLength: 1 },
      subtitle: { type: ['string', 'null'], maxLength: 200 },
    },
    required: ['course_id'],
    additionalProperties: false,
  },
  outputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  audience: 'operator',
  requiredScopes: ['courses:write'],
  handler: async (args) => ({
    structuredContent: { id: String(args.course_id) },
    summary: 'updated',
  }),
};

export function fixtureRegistry() {
  const registry = createToolRegistry();
  registry.register(publicTool);
  registry.register(memberWrite);
  registry.register(operatorOperation);
  return registry;
}
