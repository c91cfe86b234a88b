import { describe, expect, it } from 'vitest';
import { InvalidHost, normalizeHost } from './admission.ts';

describe('normalizeHost (allowed metadata-document hosts)', () => {
  it('keeps a bare host (any port) and host:port (that port only), lower case', () => {
    expect(normalizeHost(' Agents.Example.COM ')).toBe('agents.example.com');
    expect(normalizeHost('agents.example.com:8443')).toBe('agents.example.com:8443');
    expect(normalizeHost('localhost')).toBe('localhost');
    expect(normalizeHost('example.com.')).toBe('example.com');
  });

  it.each([
    'https://example.com',
    'example.com/path',
    'exa mple.com',
    '-bad.example',
    'example.com:0',
    'example.com:70000',
    '',
    'user@example.com',
  ])('refuses %j', (input) => {
    expect(() => normalizeHost(input)).toThrow(InvalidHost);
  });
});
