// Small helpers for contract tests that need what fetch cannot do, such as a Host header that
// differs from the URL (to prove how the service resolves schools by origin).
import http from 'node:http';

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end(options.body);
  });
}
