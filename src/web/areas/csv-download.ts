// A CSV file the browser saves rather than shows (the access log's and the audit log's exports):
// RFC 4180 text/csv in UTF-8, named by the page, never sniffed as something else, never cached.
import { noStore } from '../../lib/no-store.ts';

export function csvDownload(body: string, fileName: string) {
  return {
    status: 200,
    body,
    contentType: 'text/csv; charset=utf-8',
    headers: {
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'X-Content-Type-Options': 'nosniff',
      ...noStore('browser-session'),
    },
  };
}
