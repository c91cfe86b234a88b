// Tells in-process caches that a table they mirror was written, and workers that rows they take
// were added and committed (committed-writes.ts). A kysely plugin sees every
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
import type { CommitCallback, CommitCallbacks } from './committed-writes.ts';

function targetTables(node: OperationNode): OperationNode[] {
  if (UpdateQueryNode.is(node)) return node.table ? [node.table] : [];
  if (InsertQueryNode.is(node)) return node.into ? [node.into] : [];
  if (DeleteQueryNode.is(node)) return [...node.from.froms];
  return [];
}

/** The table an INSERT adds rows to, if the statement is one. */
function tableInsertedBy(node: OperationNode): string | undefined {
  return InsertQueryNode.is(node) && node.into ? tableName(node.into) : undefined;
}

/** The names of the tables a statement writes (none for a read). */
function tablesWrittenBy(node: OperationNode): string[] {
  return targetTables(node)
    .map(tableName)
    .filter((name) => name !== undefined);
}

/** The table a write targets; an aliased target (`update sites as s`) wraps it in an AliasNode. */
function tableName(node: OperationNode): string | undefined {
  const inner = (node as { node?: OperationNode }).node ?? node;
  return TableNode.is(inner) ? inner.table.identifier.name : undefined;
}

/**
 * Rows added to a watched table, called back once committed (`{ webhook_deliveries: wake }`) with
 * the rows the INSERT returned. Updates and deletes call nothing: a worker's own claims must not
 * wake it. Without `callbacks` (a handle createDatabase did not make) the call comes once the
 * statement has run, committed or not, with no rows.
 */
export type CommittedInserts = {
  tables: Readonly<Record<string, CommitCallback>>;
  callbacks: CommitCallbacks | undefined;
};

/**
 * One plugin for every watched table (`{ sites: forgetAll }`, and the committed inserts): each
 * statement is inspected once, and only a statement that writes a watched table waits for its
 * result here.
 */
export class TableWriteWatcher implements KyselyPlugin {
  readonly #watched: ReadonlyMap<string, () => void>;
  readonly #inserted: ReadonlyMap<string, CommitCallback>;
  readonly #callbacks: CommitCallbacks | undefined;
  readonly #pending = new WeakMap<object, Array<() => void>>();

  constructor(watched: Readonly<Record<string, () => void>>, inserts?: CommittedInserts) {
    this.#watched = new Map(Object.entries(watched));
    this.#inserted = new Map(Object.entries(inserts?.tables ?? {}));
    this.#callbacks = inserts?.callbacks;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    const written = tablesWrittenBy(node)
      .map((table) => this.#watched.get(table))
      .filter((onWrite) => onWrite !== undefined);
    if (written.length > 0) {
      this.#pending.set(queryId, written);
      for (const onWrite of written) onWrite();
    }
    const onInsert = this.#inserted.get(tableInsertedBy(node) ?? '');
    if (onInsert) {
      if (this.#callbacks) this.#callbacks.whenCommitted(queryId, onInsert);
      else queueMicrotask(() => onInsert([]));
    }
    return node;
  }

  // Invalidate again once the statement ran: a read between the first call and the write would
  // otherwise put the old row back in the cache.
  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const written = this.#pending.get(queryId);
    if (written) {
      this.#pending.delete(queryId);
      for (const onWrite of written) onWrite();
    }
    return result;
  }
}
