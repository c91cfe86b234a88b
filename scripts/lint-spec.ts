// `npm run lint:spec` (CI): the OpenAPI document passes Redocly's `recommended` ruleset
// (redocly.yaml says which rules are off and why) with no error and no warning, over both the
// bundled document that /openapi.json serves (generated/openapi/openapi.json, what client
// generators see) and the split source (spec/openapi/openapi.yaml, whose findings name the file
// to fix); and it is valid OpenAPI 3.0 for swagger-parser, which resolves every $ref across the
// split files. Prints each finding as `file:line:column rule severity: message` and exits 1 when
// there is one.
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { getLineColLocation, lint, loadConfig, type NormalizedProblem } from '@redocly/openapi-core';

const SOURCE = 'spec/openapi/openapi.yaml';
const BUNDLED = 'generated/openapi/openapi.json';

function describe(problem: NormalizedProblem): string {
  const where = problem.location[0];
  let at = '(no location)';
  if (where) {
    const { start } = getLineColLocation(where);
    at = `${path.relative(process.cwd(), where.source.absoluteRef)}:${start.line}:${start.col} (${where.pointer ?? ''})`;
  }
  return `${at} ${problem.ruleId} ${problem.severity}: ${problem.message}`;
}

const config = await loadConfig({ configPath: 'redocly.yaml' });
let findings = 0;
for (const ref of [BUNDLED, SOURCE]) {
  const problems = (await lint({ ref, config })).filter((p) => !p.ignored);
  for (const problem of problems) console.error(describe(problem));
  findings += problems.length;
  console.log(`${ref}: ${problems.length} finding(s) of Redocly's recommended ruleset (redocly.yaml).`);
}

const api = await SwaggerParser.validate(SOURCE);
const operations = Object.values((api.paths ?? {}) as Record<string, object | undefined>).flatMap((item) =>
  Object.keys(item ?? {}).filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k)),
);
console.log(`${SOURCE} is valid OpenAPI ${(api as { openapi?: string }).openapi}: ${operations.length} operations.`);
if (findings > 0) process.exit(1);
