// The one scope check (RFC 6750 3.1): every needed scope, and the audience where one is named.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdsScopes, InsufficientScope, requireScopes, scopeRefusal } from './scope-check.ts';

const SRC = path.resolve(import.meta.dirname, '../..');
// A token's scopes read by hand: the check written again outside this rule.
const READS_TOKEN_SCOPES = /\.scopes\.has\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const token = { audience: 'operator' as const, scopes: new Set(['courses:read', 'courses:write']) };

describe('the scope check (RFC 6750 3.1)', () => {
  it('allows a token holding every needed scope, and an operation that needs none', () => {
    expect(holdsScopes(token, ['courses:read', 'courses:write'])).toBe(true);
    expect(holdsScopes(token, [])).toBe(true);
    expect(scopeRefusal(token, ['courses:read'])).toBeUndefined();
    expect(() => requireScopes(token, ['courses:write'])).not.toThrow();
  });

  it('refuses a token lacking one needed scope, naming every needed scope', () => {
    const refusal = scopeRefusal(token, ['courses:read', 'orders:read']);
    expect(refusal).toBeInstanceOf(InsufficientScope);
    expect(refusal?.needed).toEqual(['courses:read', 'orders:read']);
    expect(() => requireScopes(token, ['orders:read'])).toThrow(InsufficientScope);
  });

  it('refuses a token of another audience, whatever its scopes', () => {
    expect(holdsScopes(token, ['courses:read'], 'member')).toBe(false);
    expect(holdsScopes(token, ['courses:read'], 'operator')).toBe(true);
    expect(holdsScopes({ scopes: token.scopes }, [], 'operator')).toBe(false);
  });

  it("no other file of src/ reads a token's scopes to decide: every surface asks this rule", () => {
    const offenders = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => file !== 'services/auth/scope-check.ts')
      .filter((file) => READS_TOKEN_SCOPES.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(offenders).toEqual([]);
    expect(READS_TOKEN_SCOPES.test('auth.scopes.has(scope)')).toBe(true);
  });
});
