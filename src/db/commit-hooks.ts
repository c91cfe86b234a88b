// Work tied to a transaction's end, whichever code opened it (`db.transaction()`,
// `startTransaction()`): `beforeCommit` runs in the transaction as its last statements, once its
// callback is done; `afterCommit` once COMMIT returned; `afterRollback` instead when it rolls
// back (its callback, a before-commit hook or COMMIT itself failed). A kysely plugin
// sees statements only, never COMMIT, so the dialect's driver is wrapped (createDatabase).
import type {
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  TransactionSettings,
  DialectAdapter,
  Kysely,
  DatabaseIntrospector,
} from 'kysely';

import type { Database } from './schema.ts';

type Compile = QueryCompiler['compileQuery'];
type AbortableOperationOptions = Parameters<Driver['init']>[0];

/** One transaction's hooks, and what their owners keep for it until it ends. */
export type CommitScope = {
  beforeCommit(hook: () => Promise<void>): void;
  afterCommit(hook: () => void): void;
  afterRollback(hook: () => void): void;
  /** Per-transaction state of the hooks' owners, by owner. */
  readonly local: Map<object, unknown>;
};

type Hooks = {
  before: Array<() => Promise<void>>;
  after: Array<() => void>;
  rollback: Array<() => void>;
  local: Map<object, unknown>;
};

/** Open transactions of hooked drivers, by their connection. */
const open = new WeakMap<DatabaseConnection, Hooks>();

class HookedDriver implements Driver {
  readonly #inner: Driver;

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(options?: AbortableOperationOptions): Promise<void> {
    return this.#inner.init(options);
  }

  acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    return this.#inner.acquireConnection(options);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.#inner.beginTransaction(connection, settings);
    open.set(connection, { before: [], after: [], rollback: [], local: new Map() });
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const hooks = open.get(connection);
    // A hook may add another (a second owner's): run until none is left.
    if (hooks) for (let i = 0; i < hooks.before.length; i++) await hooks.before[i]!();
    open.delete(connection);
    try {
      await this.#inner.commitTransaction(connection);
    } catch (error) {
      // kysely rolls back next, and finds no hooks: they run here.
      if (hooks) for (const hook of hooks.rollback) hook();
      throw error;
    }
    // After-commit work is a hint to this process (send now); the commit stands whatever it does.
    if (hooks) for (const hook of hooks.after) hook();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const hooks = open.get(connection);
    open.delete(connection);
    try {
      await this.#inner.rollbackTransaction(connection);
    } finally {
      if (hooks) for (const hook of hooks.rollback) hook();
    }
  }

  savepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    return this.#inner.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    return this.#inner.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    return this.#inner.releaseSavepoint!(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection, options?: AbortableOperationOptions): Promise<void> {
    return this.#inner.releaseConnection(connection, options);
  }

  destroy(options?: AbortableOperationOptions): Promise<void> {
    return this.#inner.destroy(options);
  }
}

/** `dialect` with commit hooks (commitScopeOf). */
export function withCommitHooks(dialect: Dialect): Dialect {
  return {
    createDriver: (): Driver => new HookedDriver(dialect.createDriver()),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createIntrospector: (db: Parameters<Dialect['createIntrospector']>[0]): DatabaseIntrospector =>
      dialect.createIntrospector(db),
  };
}

/**
 * The hooks of the transaction `db` runs in; undefined outside a transaction (each statement
 * commits alone) or on a database handle made without withCommitHooks.
 */
export async function commitScopeOf(db: Kysely<Database>): Promise<CommitScope | undefined> {
  if (!db.isTransaction) return undefined;
  // A transaction's executor provides its one connection, the key its driver keeps the hooks by.
  const hooks = await db.getExecutor().provideConnection(async (connection) => open.get(connection));
  if (!hooks) return undefined;
  return {
    beforeCommit: (hook) => hooks.before.push(hook),
    afterCommit: (hook) => hooks.after.push(hook),
    afterRollback: (hook) => hooks.rollback.push(hook),
    local: hooks.local,
  };
}
