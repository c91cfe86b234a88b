// A PostgreSQL storage adapter for oidc-provider, written for the benchmark: one table holding
// every model's payload as JSONB by (model, id), with the secondary keys the adapter interface
// looks up (grant id, session uid, user code) and the expiry and consumption times in columns.
// This is the common shape of the community's SQL adapters, so the reference measures the
// library on a database as a deployment would run it, next to its in-memory adapter.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type pg from 'pg';

export const SCHEMA = `
create table if not exists oidc_payloads (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index if not exists oidc_payloads_grant_id on oidc_payloads (model, grant_id) where grant_id is not null;
create index if not exists oidc_payloads_uid on oidc_payloads (model, uid) where uid is not null;
create index if not exists oidc_payloads_user_code on oidc_payloads (model, user_code) where user_code is not null;
`;

type Row = { payload: AdapterPayload; consumed: number | null };

const SELECT = `select payload, extract(epoch from consumed_at)::bigint as consumed from oidc_payloads
  where model = $1 and (expires_at is null or expires_at > now()) and`;

/** The row's payload, with `consumed` taken from its column (set by consume()). */
function payloadOf(result: pg.QueryResult<Row>): AdapterPayload | undefined {
  const row = result.rows[0];
  if (!row) return undefined;
  return row.consumed === null ? row.payload : { ...row.payload, consumed: Number(row.consumed) };
}

/** oidc-provider calls this once per model name ("AccessToken", "RefreshToken", "Grant", ...). */
export function pgAdapterFactory(pool: pg.Pool): (model: string) => Adapter {
  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      await pool.query(
        `insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
         values ($1, $2, $3, $4, $5, $6, case when $7::int is null then null else now() + make_interval(secs => $7::int) end)
         on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at, consumed_at = null`,
        [
          model,
          id,
          payload,
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          typeof expiresIn === 'number' ? expiresIn : null,
        ],
      );
    },
    async find(id) {
      return payloadOf(await pool.query<Row>(`${SELECT} id = $2`, [model, id]));
    },
    async findByUid(uid) {
      return payloadOf(await pool.query<Row>(`${SELECT} uid = $2`, [model, uid]));
    },
    async findByUserCode(userCode) {
      return payloadOf(await pool.query<Row>(`${SELECT} user_code = $2`, [model, userCode]));
    },
    async consume(id) {
      await pool.query('update oidc_payloads set consumed_at = now() where model = $1 and id = $2', [model, id]);
    },
    async destroy(id) {
      await pool.query('delete from oidc_payloads where model = $1 and id = $2', [model, id]);
    },
    async revokeByGrantId(grantId) {
      await pool.query('delete from oidc_payloads where model = $1 and grant_id = $2', [model, grantId]);
    },
  });
}
