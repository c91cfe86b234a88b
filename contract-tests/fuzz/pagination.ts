// The stateful pass, after the fuzzing: every list is walked to its end in every documented sort,
// following the `next_cursor` it hands out, one item per page so that every object (fuzz-made ones
// with the longest names included) ends a page and so makes a cursor. Each page gets the same
// checks as a generated request; a cursor the API issued but then refuses is a finding.
import { checkExchange, type Finding, type WireResponse } from './checks.ts';
import type { WireRequest } from './requests.ts';
import type { Example } from './runner.ts';
import type { FuzzOperation } from './spec.ts';
import { schemaErrors } from './validator.ts';

export type PagingOptions = {
  origin: string;
  token: string | undefined;
  budgetMs: number;
  knownBug?: (finding: Finding, request: WireRequest, response: WireResponse | undefined) => string | undefined;
};

/** Enough to reach past what the demo data, the other suites and the fuzzer make. */
const MAX_PAGES = 400;

/** Top-level lists with a cursor (nested ones need a parent id and are fuzzed as usual). */
export function isPagedList(op: FuzzOperation): boolean {
  return (
    op.method === 'get' && !op.path.includes('{') && op.params.some((p) => p.in === 'query' && p.name === 'cursor')
  );
}

function sortsOf(op: FuzzOperation): Array<string | undefined> {
  const sort = op.params.find((p) => p.in === 'query' && p.name === 'sort');
  return [undefined, ...((sort?.schema.enum as string[] | undefined) ?? [])];
}

export async function pageThrough(
  op: FuzzOperation,
  options: PagingOptions,
): Promise<{ sent: number; statuses: Record<number, number>; ends: string[]; findings: Example[] }> {
  const deadline = Date.now() + options.budgetMs;
  const byKey = new Map<string, Example>();
  const querySchema = {
    type: 'object',
    properties: Object.fromEntries(op.params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
  };
  let sent = 0;
  const statuses: Record<number, number> = {};
  // How each walk ended, for the summary: `sort: pages, last status`.
  const ends: string[] = [];
  for (const sort of sortsOf(op)) {
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES && Date.now() < deadline; page++) {
      const query: Record<string, string> = { limit: '1', ...(sort ? { sort } : {}), ...(cursor ? { cursor } : {}) };
      const problems = schemaErrors(querySchema, query, { coerce: true });
      const url = `${options.origin}${op.path}?${new URLSearchParams(query).toString()}`;
      const request: WireRequest = {
        method: 'GET',
        url,
        pathValues: {},
        headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
        body: undefined,
        valid: !problems.length,
        problems: problems.map((e) => `${e.instancePath} ${e.message}`).join('; '),
      };
      const answer = await fetch(url, { headers: request.headers, signal: AbortSignal.timeout(15_000) });
      const response: WireResponse = {
        status: answer.status,
        contentType: answer.headers.get('content-type') ?? '',
        text: await answer.text(),
      };
      sent += 1;
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      for (const finding of checkExchange(op, request, response, undefined)) {
        const knownBug = options.knownBug?.(finding, request, response);
        const key = `${finding.check} ${response.status} ${knownBug ?? 'new'}`;
        const seen = byKey.get(key);
        if (seen) seen.count += 1;
        else
          byKey.set(key, {
            ...finding,
            count: 1,
            knownBug,
            request: `GET ${url.slice(options.origin.length, options.origin.length + 400)} [page ${page + 1} of sort ${sort ?? 'default'}]`,
            response: `${response.status} ${response.text.slice(0, 400)}`,
          });
      }
      const next =
        response.status === 200
          ? (JSON.parse(response.text) as { next_cursor?: string | null }).next_cursor
          : undefined;
      if (!next) {
        ends.push(`${sort ?? 'default'}: ${page + 1} pages, last ${response.status}`);
        break;
      }
      cursor = next;
    }
  }
  return { sent, statuses, ends, findings: [...byKey.values()] };
}
