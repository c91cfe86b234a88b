// CSV (RFC 4180) for exports a person opens in a spreadsheet. Every cell is escaped (quoted when it
// holds a comma, quote or line break, quotes doubled) and guarded against formula injection (OWASP
// "CSV Injection"): a cell starting with = + - @, a tab or a carriage return would be run as a
// formula by Excel, LibreOffice or Sheets, so it gets a leading apostrophe, which they show as text.
// The values are untrusted: e-mail addresses, client ids and user agents come from people and clients.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: guarded, then quoted where RFC 4180 2.6 and 2.7 ask. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated (RFC 4180 2.1). */
export function csvLine(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
