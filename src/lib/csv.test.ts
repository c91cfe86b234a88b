import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('CSV cells (RFC 4180; OWASP "CSV Injection")', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+1', "'+1+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('guards %j, which a spreadsheet would run as a formula', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('quotes commas, quotes and line breaks, doubling quotes (RFC 4180 2.6, 2.7)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('leaves plain text, and writes null as an empty cell', () => {
    expect(csvCell('owner@demo-academy.test')).toBe('owner@demo-academy.test');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends each record with CRLF (RFC 4180 2.1)', () => {
    expect(csvLine(['a', '=b', null])).toBe("a,'=b,\r\n");
  });
});
