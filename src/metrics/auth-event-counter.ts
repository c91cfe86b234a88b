// docs/operations.md "Metrics": auth_events_total{kind}, counted where the rows are written. A kysely
// plugin sees every insert into auth_events this app sends, whichever service sent it (a grant
// revocation in a repository, a sign-in in a handler), so no recorder can forget the count. Each such
// insert answers `returning kind` (db/repositories/auth-events.ts); rows skipped by a conflict (a
// token.issued already written this hour) answer nothing and are not counted. `kind` is the closed
// list of services/audit/auth-event-kinds.ts: a bounded label.
import {
  InsertQueryNode,
  TableNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
} from 'kysely';

export class AuthEventCounter implements KyselyPlugin {
  readonly #inserts = new WeakSet<object>();
  readonly #count: (kind: string) => void;

  constructor(count: (kind: string) => void) {
    this.#count = count;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    if (
      InsertQueryNode.is(node) &&
      node.into &&
      TableNode.is(node.into) &&
      node.into.table.identifier.name === 'auth_events'
    )
      this.#inserts.add(queryId);
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#inserts.has(queryId)) {
      this.#inserts.delete(queryId);
      for (const row of result.rows) if (typeof row.kind === 'string') this.#count(row.kind);
    }
    return result;
  }
}
