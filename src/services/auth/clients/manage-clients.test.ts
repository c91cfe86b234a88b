// Names of member applications and vendor integrations follow the display rule of
// every other client name (client-metadata/display-metadata.ts).
import { describe, expect, it } from 'vitest';
import { checkClientName, ClientRuleError } from './manage-clients.ts';

describe('checkClientName (no control, bidi or zero-width characters)', () => {
  it.each([
    'Safe\nApp',
    'App\u202Egnp.exe',
    'App\u2067x',
    'Pay\u200BPal',
    'Pay\u200DPal',
    '\uFEFFApp',
    'App\u061Cx',
    'App\u200Fx',
    'A\u0000B',
  ])('refuses %j', (name) => {
    expect(() => checkClientName(name)).toThrow(ClientRuleError);
  });

  it('keeps a plain name of any script, trimmed, and refuses empty or overlong ones', () => {
    expect(checkClientName('  Café 日本語 Sync ')).toBe('Café 日本語 Sync');
    expect(() => checkClientName('   ')).toThrow(ClientRuleError);
    expect(() => checkClientName('x'.repeat(201))).toThrow(ClientRuleError);
  });
});
