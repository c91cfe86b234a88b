// A statement built once per shape (shaped-statement.ts) must send exactly what building it afresh
// for every call sends: the same text, and each call's own values.
import { describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type LogEvent,
} from 'kysely';
import type { Database } from './schema.ts';
import { shapedStatement } from './shaped-statement.ts';

function recordingDb() {
  const sent: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event: LogEvent) => void sent.push({ sql: event.query.sql, parameters: event.query.parameters }),
  });
  return { db, sent };
}

type Input = { siteId: string; after: string | null; limit: number };

const fresh = (db: Kysely<Database>, input: Input) => {
  let query = db.selectFrom('courses').select(['id', 'title']).where('site_id', '=', input.siteId);
  if (input.after) query = query.where('id', '>', input.after);
  return query.orderBy('id').limit(input.limit);
};

describe('shaped statements', () => {
  it('send the text of a fresh build with each call’s own values, whichever shape comes first', async () => {
    const { db, sent } = recordingDb();
    const shaped = shapedStatement<Input, unknown>(
      (input) => `after:${!!input.after}`,
      (db, value, input) => {
        let query = db
          .selectFrom('courses')
          .select(['id', 'title'])
          .where(
            'site_id',
            '=',
            value((i) => i.siteId),
          );
        if (input.after)
          query = query.where(
            'id',
            '>',
            value((i) => i.after!),
          );
        return query.orderBy('id').limit(value((i) => i.limit));
      },
    );
    const calls: Input[] = [
      { siteId: 's1', after: null, limit: 3 },
      { siteId: 's2', after: 'c9', limit: 5 },
      { siteId: 's3', after: null, limit: 7 },
      { siteId: 's4', after: 'c1', limit: 2 },
    ];
    for (const input of calls) await shaped(db, input);
    const viaShapes = sent.splice(0);
    for (const input of calls) await fresh(db, input).execute();
    expect(viaShapes).toEqual(sent);
    expect(viaShapes.map((s) => s.parameters[0])).toEqual(['s1', 's2', 's3', 's4']);
  });

  it('refuses a build that reads a value from the input directly (it would be sent with every later call)', async () => {
    const { db } = recordingDb();
    const leaky = shapedStatement<Input, unknown>(
      () => 'one',
      (db, _value, input) => db.selectFrom('courses').select('id').where('site_id', '=', input.siteId),
    );
    await expect(leaky(db, { siteId: 's1', after: null, limit: 1 })).rejects.toThrow(/every parameter/);
  });
});
