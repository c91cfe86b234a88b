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
      'updateCourse',
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
    expect(registry.get('updateCourse')!.descriptor.inputSchema).toBe(operatorOperation.inputSchema);
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
    const op = registry.get('updateCourse')!;
    expect(op.input.validate({ path: { course_id: 'not-a-uuid' } })).toMatchObject({
      ok: false,
      message: expect.stringContaining('path.course_id'),
    });
    expect(op.input.validate({})).toMatchObject({ ok: false, message: expect.stringContaining('path') });
    expect(op.input.validate({ path: { course_id: '0192f1a4-7c1e-7000-8000-000000000001' } })).toMatchObject({
      ok: true,
    });
  });

  it('refuses duplicate names, invalid names and public tools that require scopes', () => {
    const registry = createToolRegistry();
    registry.register(publicTool);
    expect(() => registry.register(publicTool)).toThrow(/twice/);
    expect(() => registry.register({ ...publicTool, name: 'has space' })).toThrow(/invalid/);
    expect(() => registry.register({ ...publicTool, name: 'scoped', requiredScopes: ['courses:read'] })).toThrow(
      /scopes/,
    );
  });
});
