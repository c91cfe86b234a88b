import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callTool } from './call-tool.ts';
import type { ToolContext, ToolDefinition } from './registry.ts';
import { fixtureRegistry, publicTool, tokenOf } from './test-fixtures.ts';
import { ToolInputError } from './tool-errors.ts';

const ctx = (auth?: ToolContext['auth']) =>
  ({
    site: {},
    services: {},
    auth,
    log: pino({ level: 'silent' }),
    now: new Date(),
    availableTools: [],
  }) as unknown as ToolContext;

function registryWith(handler: ToolDefinition<Record<string, never>, { n: number }>['handler']) {
  const registry = fixtureRegistry();
  registry.register<Record<string, never>, { n: number }>({
    ...(publicTool as unknown as ToolDefinition<Record<string, never>, { n: number }>),
    name: 'probe',
    inputSchema: z.strictObject({}),
    outputSchema: z.object({ n: z.number().int() }),
    handler,
  });
  return registry;
}

describe('tools/call (MCP 2025-11-25 Tools, Error Handling)', () => {
  it('returns structuredContent and a text content with the summary first and the data fenced', async () => {
    const result = await callTool(fixtureRegistry(), 'echo', { word: 'hi' }, ctx());
    expect(result.structuredContent).toEqual({ echo: 'hi' });
    const text = (result.content[0] as { text: string }).text;
    expect(text.startsWith('hi\n')).toBe(true);
    expect(text).toMatch(/<untrusted-content [^>]*>\n\{"echo":"hi"\}\n<\/untrusted-content>$/);
  });

  it('sends only the fields the outputSchema declares, in structuredContent and text alike', async () => {
    const result = await callTool(
      registryWith(async () => ({ structuredContent: { n: 1, secret: 'x' } as { n: number }, summary: '' })),
      'probe',
      {},
      ctx(),
    );
    expect(result.structuredContent).toEqual({ n: 1 });
    expect(JSON.stringify(result.content)).not.toContain('secret');
  });

  it('answers invalid arguments with an isError result naming the field', async () => {
    const result = await callTool(fixtureRegistry(), 'echo', { word: 123 }, ctx());
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('word:');
  });

  it('answers text holding U+0000 with an isError result naming the field, before the handler runs (lib/nul-text.ts)', async () => {
    let ran = false;
    const registry = fixtureRegistry();
    registry.register<{ word: string }, { echo: string }>({
      ...(publicTool as unknown as ToolDefinition<{ word: string }, { echo: string }>),
      name: 'guarded',
      inputSchema: z.strictObject({ word: z.string() }),
      outputSchema: z.object({ echo: z.string() }),
      handler: async ({ word }) => ((ran = true), { structuredContent: { echo: word }, summary: '' }),
    });
    const result = await callTool(registry, 'guarded', { word: 'a\u0000b' }, ctx());
    expect(result).toMatchObject({
      isError: true,
      content: [{ text: 'Invalid arguments for guarded: word: must not contain the character U+0000 (NUL)' }],
    });
    expect(ran).toBe(false);
  });

  it('treats a tool the caller may not use as unknown (JSON-RPC -32602)', async () => {
    await expect(callTool(fixtureRegistry(), 'member_write', {}, ctx())).rejects.toMatchObject({ code: -32602 });
    await expect(
      callTool(fixtureRegistry(), 'member_write', {}, ctx(tokenOf('member', ['account:read']))),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('passes input errors through with their field, and hides unexpected errors', async () => {
    const invalid = await callTool(
      registryWith(async () => {
        throw new ToolInputError('no such thing', 'slug');
      }),
      'probe',
      {},
      ctx(),
    );
    expect(invalid).toMatchObject({ isError: true, content: [{ text: 'slug: no such thing' }] });
    const crash = await callTool(
      registryWith(async () => {
        throw new Error('relation "secret_table" does not exist');
      }),
      'probe',
      {},
      ctx(),
    );
    expect(crash.isError).toBe(true);
    expect(JSON.stringify(crash)).not.toMatch(/secret_table|at .*\.ts/);
  });

  it('refuses to send output that breaks its own outputSchema', async () => {
    const result = await callTool(
      registryWith(async () => ({ structuredContent: { n: 1.5 }, summary: '' })),
      'probe',
      {},
      ctx(),
    );
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
  });
});
