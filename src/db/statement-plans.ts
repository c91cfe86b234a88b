// For tests that hold a list to "bounded work per request": the very statement a repository sends
// (built or shaped), and PostgreSQL's plan of it, on PGlite or PostgreSQL alike.
import { CompiledQuery, type KyselyPlugin } from 'kysely';
import type { Db } from './database.ts';

export type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  /** Of an Aggregate: Plain (one result, as of a per-row subquery), Sorted or Hashed (a GROUP BY). */
  Strategy?: string;
  'Relation Name'?: string;
  /** Of a plan as run (executedPlanOf): rows produced per loop, loops, and rows a filter dropped per loop. */
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};

/** The db as the repository sees it, recording the last statement it sends (built or shaped). */
export function recording(db: Db): { db: Db; last: () => CompiledQuery } {
  let last: CompiledQuery | undefined;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      last = db.getExecutor().compileQuery(args.node, args.queryId);
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  const withPlugin = db.withPlugin(plugin);
  const proxy = new Proxy(withPlugin, {
    get(target, property) {
      if (property === 'executeQuery') return (query: CompiledQuery) => ((last = query), target.executeQuery(query));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: proxy, last: () => last! };
}

/** EXPLAIN of the statement with its own parameters: the plan it would run with. */
export function planOf(db: Db, statement: CompiledQuery): Promise<PlanNode> {
  return explained(db, statement, 'format json');
}

/** EXPLAIN ANALYZE: the plan as the statement ran, with the rows each node read. */
export function executedPlanOf(db: Db, statement: CompiledQuery): Promise<PlanNode> {
  return explained(db, statement, 'analyze, format json');
}

async function explained(db: Db, statement: CompiledQuery, options: string): Promise<PlanNode> {
  const { rows } = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`explain (${options}) ${statement.sql}`, [...statement.parameters]),
  );
  const cell = Object.values(rows[0]!)[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
  return plan[0].Plan;
}

/** Every node of a plan, depth first. */
export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** Rows the scans of `table` produced or filtered out, over all their loops, in a plan as run (executedPlanOf). */
export function rowsReadFrom(plan: PlanNode, table: string): number {
  return nodesOf(plan)
    .filter((node) => node['Relation Name'] === table)
    .reduce(
      (sum, node) =>
        sum + ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 0),
      0,
    );
}

/**
 * The plan of the statement with sorting priced out of reach (enable_sort off, incremental sorts
 * still allowed): a Sort left in it means no index yields the statement's order, so every page
 * would read and sort all the rows its filters leave, whatever the table's size.
 */
export async function planWithoutSorting(db: Db, statement: CompiledQuery): Promise<PlanNode> {
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_sort = off'));
    return planOf(trx, statement);
  });
}
