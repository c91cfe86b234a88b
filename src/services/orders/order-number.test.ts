import { describe, expect, it } from 'vitest';
import { nextOrderNumber } from './order-number.ts';

describe('nextOrderNumber (OpenAPI Order.number: human-readable, unique at the school)', () => {
  it('continues the school series, past a change in the number of digits', () => {
    expect(nextOrderNumber('demo-academy', 'DA-10041')).toBe('DA-10042');
    expect(nextOrderNumber('demo-academy', 'DA-99999')).toBe('DA-100000');
  });
  it('starts from the initials of the slug when the school has no order yet', () => {
    expect(nextOrderNumber('demo-academy', undefined)).toBe('DA-10001');
    expect(nextOrderNumber('coding', undefined)).toBe('C-10001');
  });
  it('keeps a digit series intact beyond the range of a double', () => {
    expect(nextOrderNumber('x', 'X-9007199254740993')).toBe('X-9007199254740994');
  });
});
