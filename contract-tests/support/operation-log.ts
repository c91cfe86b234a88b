// Which OpenAPI operations the contract tests called through the generated client, and how they
// were answered. contract-tests/operation-coverage.test.ts reads this after the run to prove that
// every admin operation was driven at least once with valid input (DESIGN habit 11); the
// server validates each of its responses against the document outside production, so a 2xx here
// is also a response that matched the spec.
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

export const OPERATION_LOG_DIR = path.join(import.meta.dirname, '..', 'reports', 'operations');

interface OpenApiPaths {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
}

let operations: SpecOperation[] | undefined;

/** Every operation of the served document (generated/openapi/openapi.json is its committed copy). */
export function specOperations(): SpecOperation[] {
  if (!operations) {
    const file = path.join(import.meta.dirname, '..', '..', 'generated', 'openapi', 'openapi.json');
    const document = JSON.parse(readFileSync(file, 'utf8')) as OpenApiPaths;
    operations = Object.entries(document.paths).flatMap(([pathTemplate, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        operation?.operationId
          ? [{ operationId: operation.operationId, method: method.toUpperCase(), path: pathTemplate }]
          : [],
      ),
    );
  }
  return operations;
}

let byRoute: Map<string, string> | undefined;

function operationIdOf(method: string, pathTemplate: string): string | undefined {
  byRoute ??= new Map(specOperations().map((op) => [`${op.method} ${op.path}`, op.operationId]));
  return byRoute.get(`${method.toUpperCase()} ${pathTemplate}`);
}

/** Called by the generated client's response interceptor: one line per answered call. */
export function recordOperationCall(method: string, pathTemplate: string, status: number): void {
  const operationId = operationIdOf(method, pathTemplate);
  if (!operationId) return;
  mkdirSync(OPERATION_LOG_DIR, { recursive: true });
  appendFileSync(path.join(OPERATION_LOG_DIR, `${process.pid}-${threadId}.log`), `${operationId} ${status}\n`);
}

/** The global setup starts every run with an empty log. */
export function clearOperationLog(): void {
  rmSync(OPERATION_LOG_DIR, { recursive: true, force: true });
}

/** operationId → the statuses it was answered with during the run. */
export function readOperationLog(): Map<string, Set<number>> {
  const calls = new Map<string, Set<number>>();
  let files: string[];
  try {
    files = readdirSync(OPERATION_LOG_DIR);
  } catch {
    return calls;
  }
  for (const file of files) {
    for (const line of readFileSync(path.join(OPERATION_LOG_DIR, file), 'utf8').split('\n')) {
      const [operationId, status] = line.split(' ');
      if (!operationId || !status) continue;
      if (!calls.has(operationId)) calls.set(operationId, new Set());
      calls.get(operationId)!.add(Number(status));
    }
  }
  return calls;
}
