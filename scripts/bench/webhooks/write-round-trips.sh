#!/usr/bin/env bash
# bench/FINDINGS.md "The webhooks row's ceiling": what the webhooks row's write costs PostgreSQL as
# the service sends it (BEGIN, the course's status, its event with a delivery, COMMIT: four round
# trips) against the same rows written by one statement of three CTEs, autocommitted. pgbench runs
# both on a scratch database seeded as `npm run seed` seeds one, each client toggling a course of
# its own, with PostgreSQL pinned to core 0 and pgbench to core 1, so writes/s compare the CPU each
# form costs per write. Usage, from the repository:
#   scripts/bench/webhooks/write-round-trips.sh [server URL, default postgres://postgres@127.0.0.1:5432] [rounds, default 2]
set -euo pipefail
server=${1:-postgres://postgres@127.0.0.1:5432}
rounds=${2:-2}
clients=32
database=write_round_trips_$$
work=$(mktemp -d)

# The postmaster, and every process it has forked, pinned as the benchmark pins them (pin-postgres.ts).
postmaster=$(head -1 "$(psql "$server/postgres" -Atqc 'show data_directory')/postmaster.pid")
mask=$(taskset -p "$postmaster" | awk '{print $NF}')
pin() { for pid in "$postmaster" $(cat "/proc/$postmaster/task/$postmaster/children"); do taskset -p "$1" "$pid" >/dev/null 2>&1 || true; done; }
cleanup() {
  pin "$mask"
  psql "$server/postgres" -qc "drop database if exists $database" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

psql "$server/postgres" -qc "create database $database"
DATABASE_URL="$server/$database" npm run -s seed >"$work/seed.log" 2>&1 || {
  echo "write-round-trips: seeding the scratch database failed:"
  tail -5 "$work/seed.log"
  exit 1
}
site=$(psql "$server/$database" -Atqc 'select id from sites order by created_at limit 1')
# One draft course per client, copied from a seeded one, and an endpoint subscribed to the events.
psql "$server/$database" -q <<SQL
insert into courses
select (jsonb_populate_record(null::courses, to_jsonb(m) || jsonb_build_object('id', gen_random_uuid(),
  'slug', 'round-trips-' || g, 'status', 'draft', 'published_at', null, 'archived_at', null))).*
from (select * from courses where site_id = '$site' limit 1) m, generate_series(1, $clients) g;
insert into webhook_endpoints (site_id, url, event_types, version)
  values ('$site', 'https://receiver.invalid/hook', '["course.published", "course.archived"]', '1');
SQL

move="update courses set status = case when status = 'published' then 'archived' else 'published' end,
  published_at = coalesce(published_at, now()),
  archived_at = case when status = 'published' then now() else null end
  where site_id = :site::uuid and slug = 'round-trips-' || :n returning *"
fanout="insert into webhook_deliveries (site_id, event_id, endpoint_id) select :site::uuid, event.id, w.id
  from webhook_endpoints w, event where w.site_id = :site::uuid and w.status = 'enabled'
  and w.event_types ?| array['course.published'] returning endpoint_id"
event="insert into webhook_events (id, site_id, type, version, payload, created_at)"
cat >"$work/as-sent.sql" <<SQL
\set n :client_id + 1
begin;
$move;
with event as ($event values (gen_random_uuid(), :site::uuid, 'course.published', '1', repeat('x', 500), now()) returning id) $fanout;
commit;
SQL
cat >"$work/one-statement.sql" <<SQL
\set n :client_id + 1
with moved as ($move), event as ($event select gen_random_uuid(), :site::uuid, 'course.published', '1', repeat('x', 500), now() from moved returning id) $fanout;
SQL

pin 1
for round in $(seq 1 "$rounds"); do
  for form in as-sent one-statement; do
    tps=$(taskset -c 1 pgbench "$server/$database" -n -M prepared -c "$clients" -j 1 -T 10 -D "site=$site" \
      -f "$work/$form.sql" 2>&1 | awk '/^tps/ {print int($3)}')
    echo "round $round: $form ${tps:-?} writes/s"
  done
done
