import { describe, expect, it } from 'vitest';
import { audienceOfResource, resolveResourceParameter } from './resource.ts';

const origin = 'https://school.example';

describe('resource indicators (RFC 8707 2; RFC 9728 3.3 path-specific resources)', () => {
  it.each([
    'https://school.example',
    'https://school.example/',
    'https://school.example/mcp',
    'https://school.example/account/graphql',
    'HTTPS://SCHOOL.EXAMPLE',
  ])('%s means the school origin', (value) => expect(audienceOfResource(origin, value)).toBe(origin));

  it.each([
    'https://other.example',
    'http://school.example',
    'https://school.example/api',
    'https://school.example/#x',
    'https://school.example/?a=1',
    'school.example',
    'https://school.example:444',
  ])('%s is not a resource of this school', (value) => expect(audienceOfResource(origin, value)).toBeUndefined());

  it('accepts repeated indicators of the same audience and refuses a foreign one among them', () => {
    expect(resolveResourceParameter(origin, [origin, `${origin}/mcp`])).toEqual({ ok: true, audience: origin });
    expect(resolveResourceParameter(origin, [origin, 'https://evil.example']).ok).toBe(false);
    expect(resolveResourceParameter(origin, undefined)).toEqual({ ok: true, audience: undefined });
  });
});
