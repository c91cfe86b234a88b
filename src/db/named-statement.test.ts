// named-statement.ts builds a named statement's row shape once: its answers must be pg's own, for
// every execution and whatever the statement's columns become (bench/FINDINGS.md "Named statements").
// PostgreSQL only: PGlite does not go through pg (the first pass runs none of these).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NamedStatement } from './named-statement.ts';
import { createScratchPostgresDatabase } from './testing.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

type Answer = { rows: Record<string, unknown>[]; fields: { name: string }[]; rowCount: number; command: string };

function runNamed(client: pg.Client, name: string, text: string, values: unknown[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    void client.query(
      new NamedStatement(name, text, values, (error, result) => (error ? reject(error) : resolve(result as Answer))),
    );
  });
}

const pgOwn = (client: pg.Client, name: string, text: string, values: unknown[]) =>
  client.query({ name, text, values }) as unknown as Promise<Answer>;

const TYPED = `select $1::int as id, $2::text as title, null::text as subtitle, 9000000000::int8 as big,
  '2026-11-28 08:30:01.674123+00'::timestamptz as at, array['a','b'] as tags, true as featured,
  '{"k":1}'::jsonb as doc, 1.5::numeric as amount`;

describe.runIf(onPostgres)('named statements with a cached row shape (pg 8 Query, PostgreSQL 55.2 Describe)', () => {
  let url = '';
  let drop = async () => {};
  const clients: pg.Client[] = [];
  const connect = async (config: Partial<pg.ClientConfig> = {}) => {
    const client = new pg.Client({ connectionString: url, ...config });
    await client.connect();
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    const scratch = await createScratchPostgresDatabase(process.env.DATABASE_URL!);
    url = scratch.url;
    drop = scratch.drop;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await drop();
  });

  it("answers every execution with pg's own rows, fields, row count and command", async () => {
    const client = await connect();
    const own = await pgOwn(client, 'typed_own', TYPED, [7, 'Git']);
    for (let i = 0; i < 3; i++) {
      const answer = await runNamed(client, 'typed_cached', TYPED, [7, 'Git']);
      expect(answer.rows).toStrictEqual(own.rows);
      expect(answer.fields.map((f) => f.name)).toEqual(own.fields.map((f) => f.name));
      expect([answer.rowCount, answer.command]).toEqual([own.rowCount, own.command]);
    }
  });

  it('gives each row its own object: rows of one answer and of two answers share nothing', async () => {
    const client = await connect();
    const text = 'select g as n, null::text as note from generate_series(1, $1::int) g';
    const first = await runNamed(client, 'series', text, [3]);
    const second = await runNamed(client, 'series', text, [2]);
    first.rows[0]!.note = 'changed';
    expect(first.rows).toStrictEqual([
      { n: 1, note: 'changed' },
      { n: 2, note: null },
      { n: 3, note: null },
    ]);
    expect(second.rows).toStrictEqual([
      { n: 1, note: null },
      { n: 2, note: null },
    ]);
  });

  it('keeps a column named __proto__ an own property, as pg does', async () => {
    const client = await connect();
    const text = 'select $1::int as "__proto__", 2 as constructor';
    const answer = await runNamed(client, 'proto_cols', text, [1]);
    const own = await pgOwn(client, 'proto_own', text, [1]);
    expect(Object.getOwnPropertyNames(answer.rows[0])).toEqual(Object.getOwnPropertyNames(own.rows[0]));
    expect(Object.getPrototypeOf(answer.rows[0])).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(answer.rows[0], '__proto__')?.value).toBe(1);
  });

  it('rebuilds the shape when the same name describes other columns (another connection, another schema)', async () => {
    const before = await connect();
    await before.query('create table shifting (id int)');
    await before.query('insert into shifting values (1)');
    const text = 'select * from shifting where id = $1';
    expect((await runNamed(before, 'shifting_all', text, [1])).rows).toStrictEqual([{ id: 1 }]);
    await before.query("alter table shifting add column label text default 'x', alter column id type bigint");
    const after = await connect();
    const answer = await runNamed(after, 'shifting_all', text, [1]);
    expect(answer.rows).toStrictEqual([{ id: 1, label: 'x' }]);
  });

  it('rebuilds the shape when a name is prepared again over other columns on the same connection', async () => {
    const client = await connect();
    await client.query('create table reshaped (id int)');
    await client.query('insert into reshaped values (1)');
    const text = 'select * from reshaped where id = $1';
    expect((await runNamed(client, 'reshaped_all', text, [1])).rows).toStrictEqual([{ id: 1 }]);
    // What a DISCARD or DEALLOCATE that pg learns of leaves: the name free to be parsed again.
    await client.query('deallocate reshaped_all');
    delete (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection
      .parsedStatements['reshaped_all'];
    await client.query("alter table reshaped add column label text default 'x', alter column id type bigint");
    expect((await runNamed(client, 'reshaped_all', text, [1])).rows).toStrictEqual([{ id: 1, label: 'x' }]);
  });

  it("leaves a client's own type parsers to pg", async () => {
    const custom = { getTypeParser: () => (value: string) => `parsed:${value}` };
    const client = await connect({ types: custom as unknown as pg.CustomTypesConfig });
    const answer = await runNamed(client, 'custom_types', 'select $1::int as n', [5]);
    expect(answer.rows).toStrictEqual([{ n: 'parsed:5' }]);
  });
});
