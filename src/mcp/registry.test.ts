import { describe, expect, it } from 'vitest';
import { createToolRegistry } from './registry.ts';
import { fixtureRegistry, operatorOperation, publicTool, tokenOf } from './test-fixtures.ts';

const names = (tools: { definition: { name: string } }[]) => tools.map((t) => t.definition.name);

describe('tool registry', () => {
  it('shows anonymous callers the public tools only', () => {
    expect(names(fixtureRegistry().visibleTo(undefined))).toEqual(['echo']);
  });

  it('adds the tools of the token audience whose every scope the token holds', () => {
    const registry = fixtureRegistry();
    expect(names(registry.visibleTo(tokenOf('member', ['account:read'])))).toEqual(['echo']);
    expect(names(registry.visibleTo(tokenOf('member', ['account:read', 'account:write'])))).toEqual([
      'echo',
      'member_write',
    ]);
    expect(names(registry.visibleTo(tokenOf('operator', ['courses:write', 'account:write'])))).toEqual([
      'echo',
      'update_course',
    ]);
  });

  it('builds each descriptor once, with JSON Schema for zod and JSON-Schema tools alike', () => {
    const registry = fixtureRegistry();
    const echo = registry.get('echo')!;
    expect(echo.descriptor.inputSchema).toMatchObject({
      type: 'object',
      properties: { word: { type: 'string', maxLength: 5 } },
      additionalProperties: false,
    });
    expect(echo.descriptor.annotations).toMatchObject({ title: 'Echo', readOnlyHint: true, openWorldHint: false });
    // tools/list shows the portable form: one type per property, the null branch left to the validator.
    expect(registry.get('update_course')!.descriptor.inputSchema).toEqual({
      type: 'object',
      properties: {
        course_id: { type: 'string', format: 'uuid' },
        title: { type: 'string', minLength: 1 },
        subtitle: { type: 'string', maxLength: 200 },
      },
      required: ['course_id'],
      additionalProperties: false,
    });
    expect(operatorOperation.inputSchema).toHaveProperty('properties.subtitle.type', ['string', 'null']);
    expect(registry.get('echo')).toBe(echo);
  });

  it('validates arguments and names the offending field', () => {
    const registry = fixtureRegistry();
    expect(registry.get('echo')!.input.validate({ word: 'toolong' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('word:'),
    });
    expect(registry.get('echo')!.input.validate({ word: 'hi', extra: 1 })).toMatchObject({
      ok: false,
      message: expect.stringContaining('extra'),
    });
    const op = registry.get('update_course')!;
    expect(op.input.validate({ course_id: 'not-a-uuid' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('course_id'),
    });
    expect(op.input.validate({})).toMatchObject({ ok: false, message: expect.stringContaining('course_id') });
    const id = '0192f1a4-7c1e-7000-8000-000000000001';
    expect(op.input.validate({ course_id: id, subtitle: null })).toMatchObject({ ok: true });
    // An unknown argument names the arguments there are, never a bare "must NOT have additional properties".
    expect(op.input.validate({ course_id: id, limit: 5 })).toEqual({
      ok: false,
      message: 'limit: unknown argument (the arguments are: course_id, title, subtitle)',
    });
    expect(registry.get('echo')!.input.validate({ word: 'hi', limit: 5 })).toEqual({
      ok: false,
      message: 'limit: unknown argument (the arguments are: word)',
    });
  });

  it('refuses duplicate names, invalid names and public tools that require scopes', () => {
    const registry = createToolRegistry();
    registry.register(publicTool);
    expect(() => registry.register(publicTool)).toThrow(/twice/);
    expect(() => registry.register({ ...publicTool, name: 'has space' })).toThrow(/invalid/);
    // One naming style (docs/agents.md "MCP"): snake_case only.
    expect(() => registry.register({ ...publicTool, name: 'getCourse' })).toThrow(/invalid/);
    expect(() => registry.register({ ...publicTool, name: 'scoped', requiredScopes: ['courses:read'] })).toThrow(
      /scopes/,
    );
  });
});
