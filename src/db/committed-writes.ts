// Work to do once rows added are committed, whichever code opened the transaction: a worker woken
// then finds them at once (lib/wake-signal.ts), and is told what the INSERT returned. A kysely
// plugin sees each statement and its queryId but never COMMIT; the dialect's driver sees COMMIT but
// not which statements asked. So the plugin (db/table-writes.ts, one per app) leaves a callback
// under the statement's queryId, and the driver, wrapped by createDatabase, runs it once that
// statement is committed: after COMMIT returns when it ran in a transaction, after the statement
// itself otherwise, never after a rollback. A statement rolled back to a savepoint still calls
// back at COMMIT: a wake is a hint, and one that finds nothing costs a poll.
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryId,
  QueryResult,
  TransactionSettings,
  UnknownRow,
} from 'kysely';

/** Called with the rows the statement returned (none without RETURNING). */
export type CommitCallback = (rows: readonly UnknownRow[]) => void;
type Committed = () => void;
type AbortOptions = Parameters<Driver['init']>[0];

/** The callbacks waiting on statements of one database handle, by queryId. */
export class CommitCallbacks {
  readonly #byQuery = new WeakMap<QueryId, CommitCallback[]>();

  /** Runs `callback` once the statement `queryId` is committed. */
  whenCommitted(queryId: QueryId, callback: CommitCallback): void {
    const list = this.#byQuery.get(queryId);
    if (list) list.push(callback);
    else this.#byQuery.set(queryId, [callback]);
  }

  take(queryId: QueryId): CommitCallback[] | undefined {
    const list = this.#byQuery.get(queryId);
    if (list) this.#byQuery.delete(queryId);
    return list;
  }

  /** `dialect`, its driver calling back once each statement that asked is committed. */
  wrap(dialect: Dialect): Dialect {
    return {
      createDriver: () => new CommitAwareDriver(dialect.createDriver(), this),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    };
  }
}

function runAll(callbacks: readonly Committed[]): void {
  for (const callback of callbacks) callback();
}

/** One acquired connection: the callbacks of its open transaction, if one is open. */
class CommitAwareConnection implements DatabaseConnection {
  /** Set from BEGIN to COMMIT or ROLLBACK. */
  transaction: Committed[] | undefined;

  readonly inner: DatabaseConnection;
  readonly #callbacks: CommitCallbacks;

  constructor(inner: DatabaseConnection, callbacks: CommitCallbacks) {
    this.inner = inner;
    this.#callbacks = callbacks;
  }

  executeQuery<R>(compiled: CompiledQuery, options?: AbortOptions): Promise<QueryResult<R>> {
    // The plugin marked the statement before it was sent; most are not, and pass straight through.
    const waiting = this.#callbacks.take(compiled.queryId);
    if (!waiting) return this.inner.executeQuery<R>(compiled, options);
    return this.#executeThenCall(compiled, options, waiting);
  }

  async #executeThenCall<R>(
    compiled: CompiledQuery,
    options: AbortOptions,
    waiting: readonly CommitCallback[],
  ): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiled, options);
    const rows = result.rows as readonly UnknownRow[];
    const calls = waiting.map((callback) => () => callback(rows));
    if (this.transaction) this.transaction.push(...calls);
    else runAll(calls);
    return result;
  }

  streamQuery<R>(
    compiled: CompiledQuery,
    chunkSize: number,
    options?: AbortOptions,
  ): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize, options);
  }
}

class CommitAwareDriver implements Driver {
  readonly #inner: Driver;
  readonly #callbacks: CommitCallbacks;

  constructor(inner: Driver, callbacks: CommitCallbacks) {
    this.#inner = inner;
    this.#callbacks = callbacks;
  }

  init(options?: AbortOptions): Promise<void> {
    return this.#inner.init(options);
  }

  async acquireConnection(options?: AbortOptions): Promise<DatabaseConnection> {
    return new CommitAwareConnection(await this.#inner.acquireConnection(options), this.#callbacks);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as CommitAwareConnection;
    await this.#inner.beginTransaction(watched.inner, settings);
    watched.transaction = [];
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as CommitAwareConnection;
    const waiting = watched.transaction;
    // Cleared first: kysely rolls back after a failed COMMIT, and nothing then may call back.
    watched.transaction = undefined;
    await this.#inner.commitTransaction(watched.inner);
    if (waiting) runAll(waiting);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as CommitAwareConnection;
    watched.transaction = undefined;
    await this.#inner.rollbackTransaction(watched.inner);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) {
    return this.#inner.savepoint!((connection as CommitAwareConnection).inner, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2],
  ) {
    return this.#inner.rollbackToSavepoint!((connection as CommitAwareConnection).inner, name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2],
  ) {
    return this.#inner.releaseSavepoint!((connection as CommitAwareConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection, options?: AbortOptions): Promise<void> {
    const watched = connection as CommitAwareConnection;
    watched.transaction = undefined;
    return this.#inner.releaseConnection(watched.inner, options);
  }

  destroy(options?: AbortOptions): Promise<void> {
    return this.#inner.destroy(options);
  }
}

/** The commit callbacks of each database handle createDatabase made, for the plugins of its apps. */
const ofDatabase = new WeakMap<object, CommitCallbacks>();

export function attachCommitCallbacks(db: object, callbacks: CommitCallbacks): void {
  ofDatabase.set(db, callbacks);
}

export function commitCallbacksOf(db: object): CommitCallbacks | undefined {
  return ofDatabase.get(db);
}
