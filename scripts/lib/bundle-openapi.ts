// Bundles the split spec (spec/openapi/*.yaml) into one OpenAPI document whose every named
// schema, parameter, response and example keeps its name under `components` (DESIGN habit 13):
// a generated client then has a `Course`, not a path expression. Redocly's bundler hoists each
// external $ref into `components` under the name of its last pointer segment; two different
// things of one name would be renamed `Name-2` silently, so any problem of the bundler fails the
// build instead, and so does any $ref left pointing into `#/paths`.
import { bundle, loadConfig } from '@redocly/openapi-core';

type Json = Record<string, unknown>;

export async function bundleOpenApi(rootFile: string): Promise<Json> {
  const config = await loadConfig({});
  const result = await bundle({ ref: rootFile, config, dereference: false });
  if (result.problems.length > 0) {
    const lines = result.problems.map((p) => `${p.message} (${p.location.map((l) => l.pointer).join(', ')})`);
    throw new Error(`bundling ${rootFile} reported:\n${lines.join('\n')}`);
  }
  const document = result.bundle.parsed as Json;
  const intoPaths = refsOf(document).filter((ref) => ref.startsWith('#/paths'));
  if (intoPaths.length > 0)
    throw new Error(`$ref into #/paths left after bundling: ${intoPaths.slice(0, 5).join(', ')}`);
  sortComponents(document);
  return document;
}

/** Every `$ref` value in the document. */
export function refsOf(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsOf(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsOf(value, found);
    }
  }
  return found;
}

// Components in name order, so that the document (and its diff) does not depend on which
// operation happened to mention a schema first.
function sortComponents(document: Json): void {
  const components = (document.components ?? {}) as Record<string, Json>;
  for (const [kind, entries] of Object.entries(components)) {
    components[kind] = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b, 'en')));
  }
}
