// CSV (RFC 4180) for exports a person opens in a spreadsheet, written by csv-stringify (a kept
// library, not a quoting rule of our own). Every cell is escaped (quoted when it holds a comma, quote
// or line break, quotes doubled) and guarded against formula injection (OWASP "CSV Injection"): a
// cell starting with = + - @, a tab or a carriage return would be run as a formula by Excel,
// LibreOffice or Sheets, so csv-stringify's `escape_formulas` gives it a leading apostrophe, which
// they show as text. The values are untrusted: e-mail addresses, names, client ids and user agents
// come from people and clients.
import { stringify } from 'csv-stringify/sync';

type Cell = string | number | null | undefined;

/** Cells as text first: a number's minus sign is guarded like any other leading `-`. */
const asText = (value: Cell): string => (value == null ? '' : String(value));

/** One record, CRLF-terminated (RFC 4180 2.1). */
export function csvLine(values: readonly Cell[]): string {
  return stringify([values.map(asText)], {
    escape_formulas: true,
    record_delimiter: 'windows',
    // RFC 4180 2.6: a lone CR or LF is a line break too; csv-stringify quotes only the record delimiter.
    quoted_match: /[\r\n]/,
  });
}

/** One cell: guarded, then quoted where RFC 4180 2.6 and 2.7 ask. */
export function csvCell(value: Cell): string {
  return csvLine([value]).slice(0, -2);
}
