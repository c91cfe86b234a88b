// Renders generated/openapi/operations.ts: one entry per operation of the bundled document, with
// what the runtime needs to know without parsing YAML (method, path, scopes, tags, summary).
type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: Array<Record<string, string[]>>;
};
type Document = { paths: Record<string, Record<string, unknown>>; security?: Array<Record<string, string[]>> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export function renderOperationsModule(document: unknown, header: string): string {
  const doc = document as Document;
  const rows: string[] = [];
  for (const [pathName, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${pathName} has no operationId`);
      const security = op.security ?? doc.security ?? [];
      const scopes = [...new Set(security.flatMap((requirement) => Object.values(requirement).flat()))].sort();
      rows.push(
        `  ${op.operationId}: { method: '${method}', path: ${JSON.stringify(pathName)}, tags: ${JSON.stringify(op.tags ?? [])}, ` +
          `scopes: ${JSON.stringify(scopes)}, public: ${security.length === 0 || security.some((r) => Object.keys(r).length === 0)}, ` +
          `summary: ${JSON.stringify(op.summary ?? '')} },`,
      );
    }
  }
  rows.sort();
  return [
    `// ${header}`,
    'export const operations = {',
    ...rows,
    '} as const;',
    '',
    'export type OperationId = keyof typeof operations;',
    'export const operationIds = Object.keys(operations) as OperationId[];',
    '',
  ].join('\n');
}
