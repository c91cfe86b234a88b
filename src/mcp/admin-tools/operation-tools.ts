// The operator surface of /mcp (docs/agents.md "MCP"): the catalogue of every admin operation, of which
// the core operations are direct tools, and the three tools that reach the rest:
// search_operations, describe_operation and call_operation. A token sees a direct tool only with
// its scopes, and the catalogue tools find, describe and call only operations it has scopes for.
import type { OperationRoutes } from '../../http/openapi-dispatch.ts';
import type { ToolRegistry } from '../registry.ts';
import { callOperationTool } from './call_operation.ts';
import { CORE_OPERATIONS } from './core-operations.ts';
import { describeOperationTool } from './describe_operation.ts';
import { directToolOf } from './direct-tool.ts';
import { buildOperationCatalogue, type OperationEntry } from './operation-catalogue.ts';
import { searchOperationsTool } from './search_operations.ts';

export function registerAdminOperationTools(registry: ToolRegistry, routes: OperationRoutes): OperationEntry[] {
  const catalogue = buildOperationCatalogue(routes);
  const byName = new Map(catalogue.map((entry) => [entry.name, entry]));
  const core = new Set(CORE_OPERATIONS as readonly string[]);
  const direct = catalogue.filter((entry) => core.has(entry.operationId));
  if (direct.length !== core.size) throw new Error('a core operation is missing from the operation catalogue');
  for (const entry of direct) registry.register(directToolOf(entry));
  const directNames = new Set(direct.map((entry) => entry.name));
  registry.register(searchOperationsTool(catalogue, directNames));
  registry.register(describeOperationTool(byName, directNames));
  registry.register(callOperationTool(byName, registry.ajv));
  return catalogue;
}
