// Tells in-process caches that a table they mirror was written. A kysely plugin sees every
// statement this service sends (transactions included), so no writer can forget to invalidate:
// the rule lives here once instead of beside each repository function that changes the table.
import {
  DeleteQueryNode,
  InsertQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
} from 'kysely';

function targetTables(node: OperationNode): OperationNode[] {
  if (UpdateQueryNode.is(node)) return node.table ? [node.table] : [];
  if (InsertQueryNode.is(node)) return node.into ? [node.into] : [];
  if (DeleteQueryNode.is(node)) return [...node.from.froms];
  return [];
}

function names(node: OperationNode, table: string): boolean {
  // An aliased target (`update sites as s`) wraps the TableNode in an AliasNode.
  const inner = (node as { node?: OperationNode }).node ?? node;
  return TableNode.is(inner) && inner.table.identifier.name === table;
}

export class TableWriteWatcher implements KyselyPlugin {
  readonly #table: string;
  readonly #onWrite: () => void;
  readonly #pending = new WeakSet<object>();

  constructor(table: string, onWrite: () => void) {
    this.#table = table;
    this.#onWrite = onWrite;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    if (targetTables(node).some((target) => names(target, this.#table))) {
      this.#pending.add(queryId);
      this.#onWrite();
    }
    return node;
  }

  // Invalidate again once the statement ran: a read between the first call and the write would
  // otherwise put the old row back in the cache.
  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#pending.delete(queryId)) this.#onWrite();
    return result;
  }
}
