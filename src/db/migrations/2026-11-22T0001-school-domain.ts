// The school domain: sites (tenants), global identities, the catalogue, learning records,
// commerce and community. Frozen once landed: change the schema with a new migration.
// Written as plain DDL because check constraints, deferrable uniques and defaults that call
// functions read more clearly in SQL than through the schema builder. Over 300 lines on purpose:
// the tables reference each other, so they land (and roll back) as one unit.
import { sql, type Kysely } from 'kysely';

// Entity ids are UUIDv7: the leading 48 bits are Unix milliseconds, so ordering by id is ordering
// by creation, which keyset (cursor) pagination relies on. The recipe overlays the timestamp on a
// random v4 UUID, then flips bits 52 and 53 to turn version 4 into version 7; the variant bits of
// gen_random_uuid() are already the RFC 9562 ones. PostgreSQL 18 has uuidv7(); we support 15+.
const UUID_V7 = `
create function uuid_v7() returns uuid language sql volatile as $$
  select encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
        from 1 for 6),
      52, 1), 53, 1),
    'hex')::uuid
$$`;

// One trigger keeps updated_at honest on every table that has it, so no code path can forget.
const TOUCH = `
create function touch_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end
$$`;

const ID = 'id uuid primary key default uuid_v7()';
const SITE = 'site_id uuid not null references sites (id) on delete cascade';
const CREATED = 'created_at timestamptz not null default now()';
const STAMPS = `${CREATED}, updated_at timestamptz not null default now()`;
const ISO_CURRENCY = "check (currency ~ '^[A-Z]{3}$')";
const PRICE = `price_amount integer not null default 0 check (price_amount >= 0),
  currency char(3) not null ${ISO_CURRENCY}`;
const slug = (column = 'slug') => `${column} text not null check (${column} ~ '^[a-z0-9]+(-[a-z0-9]+)*$')`;
const oneOf = (column: string, values: string[]) => `check (${column} in (${values.map((v) => `'${v}'`).join(', ')}))`;
const PUBLISHED = "check (status <> 'published' or published_at is not null)";

interface TableDef {
  name: string;
  columns: string;
  /** Column lists of plain (non-unique) indexes. */
  indexes?: string[];
}

const TABLES: TableDef[] = [
  {
    name: 'sites',
    columns: `${ID},
      slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      -- The exact origin the school is served at: it is the OAuth issuer and resource, compared
      -- byte for byte, so it is stored in canonical form (lower case, no path, no trailing slash).
      origin text not null unique check (origin = lower(origin) and origin ~ '^https?://[^/]+$'),
      name text not null, description text,
      locale text not null default 'en',
      currency char(3) not null default 'USD' ${ISO_CURRENCY},
      timezone text not null default 'UTC',
      contact_email text,
      beta_features jsonb not null default '{}' check (jsonb_typeof(beta_features) = 'object'),
      id_token_signing_enabled boolean not null default false,
      -- Client ID Metadata Documents: accepted from any host when open, else only from the list.
      open_registration boolean not null default false,
      allowed_metadata_hosts text[] not null default '{}',
      ${STAMPS}`,
  },
  {
    name: 'people',
    // Identities are global: one e-mail signs in everywhere, roles and data are per site.
    columns: `${ID},
      email text not null unique check (email = lower(email) and email like '%_@_%'),
      name text, avatar_url text,
      sign_in_count integer not null default 0 check (sign_in_count >= 0),
      last_sign_in_at timestamptz,
      ${STAMPS}`,
  },
  {
    name: 'credentials',
    columns: `person_id uuid primary key references people (id) on delete cascade,
      password_hash text not null,
      ${STAMPS}`,
  },
  {
    name: 'site_roles',
    columns: `${SITE},
      person_id uuid not null references people (id) on delete cascade,
      role text not null ${oneOf('role', ['owner', 'admin', 'lecturer', 'student'])},
      ${CREATED},
      primary key (site_id, person_id, role)`,
    indexes: ['person_id'],
  },
  {
    name: 'stored_files',
    columns: `${ID}, ${SITE},
      filename text not null, content_type text not null,
      size_bytes integer not null check (size_bytes >= 0),
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      storage_key text not null unique,
      uploaded_by_person_id uuid references people (id) on delete set null,
      ${CREATED}`,
    indexes: ['site_id, created_at'],
  },
  {
    name: 'courses',
    columns: `${ID}, ${SITE}, ${slug()},
      title text not null, subtitle text, description text,
      status text not null default 'draft' ${oneOf('status', ['draft', 'published', 'archived'])},
      visibility text not null default 'public' ${oneOf('visibility', ['public', 'hidden'])},
      featured boolean not null default false,
      ${PRICE},
      image_url text, promo_video_url text, seo_title text, seo_description text,
      -- Access length granted by a purchase; null means lifetime access.
      access_days integer check (access_days > 0),
      published_at timestamptz, archived_at timestamptz,
      ${STAMPS},
      unique (site_id, slug),
      ${PUBLISHED},
      check (status <> 'archived' or archived_at is not null)`,
    indexes: ['site_id, status'],
  },
  {
    name: 'course_sections',
    // Deferred uniqueness lets a reorder swap two positions inside one transaction.
    columns: `${ID}, ${SITE},
      course_id uuid not null references courses (id) on delete cascade,
      title text not null, description text,
      position integer not null check (position >= 0),
      ${STAMPS},
      unique (course_id, position) deferrable initially deferred`,
    indexes: ['site_id, course_id'],
  },
  {
    name: 'lectures',
    columns: `${ID}, ${SITE},
      course_id uuid not null references courses (id) on delete cascade,
      section_id uuid not null references course_sections (id) on delete cascade,
      title text not null,
      position integer not null check (position >= 0),
      content_type text not null
        ${oneOf('content_type', ['video', 'audio', 'pdf', 'text', 'embed_link', 'external_link'])},
      -- Private: the paid material itself (a media URL or the text). Never in public catalogue reads.
      content text,
      duration_seconds integer not null default 0 check (duration_seconds >= 0),
      is_free_preview boolean not null default false,
      status text not null default 'published' ${oneOf('status', ['draft', 'published'])},
      ${STAMPS},
      unique (section_id, position) deferrable initially deferred`,
    indexes: ['site_id, course_id'],
  },
  {
    name: 'lecturers',
    columns: `${ID}, ${SITE},
      person_id uuid references people (id) on delete set null,
      ${slug()}, name text not null, email text, headline text, bio text, avatar_url text,
      ${STAMPS},
      unique (site_id, slug)`,
    indexes: ['site_id, person_id'],
  },
  {
    name: 'course_lecturers',
    columns: `course_id uuid not null references courses (id) on delete cascade,
      lecturer_id uuid not null references lecturers (id) on delete cascade,
      primary key (course_id, lecturer_id)`,
    indexes: ['lecturer_id'],
  },
  {
    name: 'enrollments',
    // course_id has no cascade: a course that has students is archived, not deleted.
    columns: `${ID}, ${SITE},
      person_id uuid not null references people (id) on delete cascade,
      course_id uuid not null references courses (id),
      status text not null default 'active' ${oneOf('status', ['active', 'expired', 'revoked'])},
      enrolled_at timestamptz not null default now(),
      expires_at timestamptz,
      has_lifetime_access boolean not null default false,
      last_watched_lecture_id uuid references lectures (id) on delete set null,
      last_position_seconds integer not null default 0 check (last_position_seconds >= 0),
      completed_at timestamptz,
      ${STAMPS},
      unique (site_id, person_id, course_id),
      check (not (has_lifetime_access and expires_at is not null))`,
    indexes: ['site_id, course_id'],
  },
  {
    name: 'lecture_progress',
    columns: `enrollment_id uuid not null references enrollments (id) on delete cascade,
      lecture_id uuid not null references lectures (id) on delete cascade,
      ${SITE},
      position_seconds integer not null default 0 check (position_seconds >= 0),
      completed_at timestamptz,
      ${STAMPS},
      primary key (enrollment_id, lecture_id)`,
    indexes: ['site_id, lecture_id'],
  },
  {
    name: 'coupons',
    // Codes are matched case-insensitively, so they are stored upper-case.
    columns: `${ID}, ${SITE},
      code text not null check (code = upper(code) and code ~ '^[A-Z0-9_-]+$'),
      name text not null,
      discount_type text not null ${oneOf('discount_type', ['percent', 'amount'])},
      percent_off integer check (percent_off between 1 and 100),
      amount_off integer check (amount_off > 0),
      currency char(3) ${ISO_CURRENCY},
      max_redemptions integer check (max_redemptions > 0),
      redemptions_count integer not null default 0 check (redemptions_count >= 0),
      valid_from timestamptz, valid_until timestamptz,
      active boolean not null default true,
      ${STAMPS},
      unique (site_id, code),
      check (discount_type = 'percent' and percent_off is not null and amount_off is null and currency is null
        or discount_type = 'amount' and amount_off is not null and currency is not null and percent_off is null),
      check (valid_from is null or valid_until is null or valid_until > valid_from),
      check (max_redemptions is null or redemptions_count <= max_redemptions)`,
  },
  {
    name: 'orders',
    // person_id has no cascade: financial records are not removed as a side effect.
    columns: `${ID}, ${SITE},
      person_id uuid not null references people (id),
      number text not null,
      status text not null default 'not_paid'
        ${oneOf('status', ['not_paid', 'paid', 'failed', 'refunded', 'expired', 'manual'])},
      currency char(3) not null ${ISO_CURRENCY},
      subtotal_amount integer not null default 0 check (subtotal_amount >= 0),
      discount_amount integer not null default 0 check (discount_amount between 0 and subtotal_amount),
      tax_amount integer not null default 0 check (tax_amount >= 0),
      total_amount integer not null default 0,
      refunded_amount integer not null default 0 check (refunded_amount between 0 and total_amount),
      coupon_id uuid references coupons (id) on delete set null,
      -- Snapshot of the code as redeemed: the order keeps it after the coupon is deleted.
      coupon_code text,
      payment_method text,
      paid_at timestamptz, refunded_at timestamptz,
      ${STAMPS},
      unique (site_id, number),
      check (total_amount = subtotal_amount - discount_amount + tax_amount),
      check (status not in ('paid', 'refunded') or paid_at is not null),
      check (status <> 'refunded' or refunded_at is not null)`,
    indexes: ['site_id, created_at', 'site_id, person_id'],
  },
  {
    name: 'order_items',
    // item_id is not a foreign key: it points into one of several tables by item_type, and the
    // sold thing may be deleted later; title keeps what was bought.
    columns: `${ID}, ${SITE},
      order_id uuid not null references orders (id) on delete cascade,
      item_type text not null ${oneOf('item_type', ['course', 'membership_plan', 'digital_product', 'event'])},
      item_id uuid,
      title text not null,
      quantity integer not null default 1 check (quantity > 0),
      unit_amount integer not null check (unit_amount >= 0),
      total_amount integer not null check (total_amount = unit_amount * quantity),
      ${CREATED}`,
    indexes: ['site_id, order_id'],
  },
  {
    name: 'events',
    columns: `${ID}, ${SITE}, ${slug()},
      course_id uuid references courses (id) on delete set null,
      title text not null, description text,
      starts_at timestamptz not null, ends_at timestamptz not null,
      timezone text not null default 'UTC',
      location text, online_url text,
      capacity integer check (capacity > 0),
      ${PRICE},
      status text not null default 'draft' ${oneOf('status', ['draft', 'published', 'cancelled'])},
      ${STAMPS},
      unique (site_id, slug),
      check (ends_at >= starts_at)`,
    indexes: ['site_id, starts_at'],
  },
  {
    name: 'event_registrations',
    columns: `${ID}, ${SITE},
      event_id uuid not null references events (id) on delete cascade,
      person_id uuid not null references people (id) on delete cascade,
      status text not null default 'registered' ${oneOf('status', ['registered', 'cancelled', 'attended'])},
      registered_at timestamptz not null default now(),
      cancelled_at timestamptz,
      ${STAMPS},
      unique (event_id, person_id),
      check (status <> 'cancelled' or cancelled_at is not null)`,
    indexes: ['site_id, person_id'],
  },
  {
    name: 'membership_plans',
    columns: `${ID}, ${SITE}, ${slug()},
      name text not null, description text,
      ${PRICE},
      billing_interval text not null ${oneOf('billing_interval', ['day', 'week', 'month', 'year'])},
      interval_count integer not null default 1 check (interval_count > 0),
      trial_days integer not null default 0 check (trial_days >= 0),
      status text not null default 'active' ${oneOf('status', ['active', 'archived'])},
      visible boolean not null default true,
      ${STAMPS},
      unique (site_id, slug)`,
  },
  {
    name: 'membership_plan_courses',
    columns: `plan_id uuid not null references membership_plans (id) on delete cascade,
      course_id uuid not null references courses (id) on delete cascade,
      primary key (plan_id, course_id)`,
    indexes: ['course_id'],
  },
  {
    name: 'subscriptions',
    // plan_id has no cascade: plans with subscribers are archived, not deleted.
    columns: `${ID}, ${SITE},
      person_id uuid not null references people (id) on delete cascade,
      plan_id uuid not null references membership_plans (id),
      status text not null ${oneOf('status', ['trialing', 'active', 'past_due', 'canceled', 'expired'])},
      started_at timestamptz not null default now(),
      current_period_start timestamptz not null,
      current_period_end timestamptz not null,
      cancel_at_period_end boolean not null default false,
      canceled_at timestamptz, trial_ends_at timestamptz,
      ${STAMPS},
      check (current_period_end > current_period_start),
      check (status <> 'canceled' or canceled_at is not null)`,
    indexes: ['site_id, person_id', 'site_id, plan_id'],
  },
  {
    name: 'posts',
    columns: `${ID}, ${SITE}, ${slug()},
      author_person_id uuid references people (id) on delete set null,
      title text not null, excerpt text, body text not null default '',
      status text not null default 'draft' ${oneOf('status', ['draft', 'published'])},
      access_type text not null default 'public' ${oneOf('access_type', ['public', 'login_required', 'paid'])},
      published_at timestamptz,
      ${STAMPS},
      unique (site_id, slug),
      ${PUBLISHED}`,
    indexes: ['site_id, published_at'],
  },
  {
    name: 'comments',
    // commentable_id is polymorphic (by commentable_type), so it carries no foreign key.
    columns: `${ID}, ${SITE},
      person_id uuid not null references people (id) on delete cascade,
      commentable_type text not null ${oneOf('commentable_type', ['course', 'lecture', 'post'])},
      commentable_id uuid not null,
      parent_comment_id uuid references comments (id) on delete cascade,
      body text not null check (btrim(body) <> ''),
      ${STAMPS}`,
    indexes: ['site_id, commentable_type, commentable_id, created_at', 'site_id, person_id', 'parent_comment_id'],
  },
  {
    name: 'digital_products',
    columns: `${ID}, ${SITE}, ${slug()},
      name text not null, description text,
      ${PRICE},
      file_id uuid references stored_files (id) on delete set null,
      status text not null default 'draft' ${oneOf('status', ['draft', 'published', 'archived'])},
      ${STAMPS},
      unique (site_id, slug)`,
  },
  {
    name: 'forms',
    // fields: an array of {name, label, type, required}.
    columns: `${ID}, ${SITE},
      title text not null, description text,
      fields jsonb not null check (jsonb_typeof(fields) = 'array'),
      ${STAMPS}`,
    indexes: ['site_id, created_at'],
  },
  {
    name: 'form_submissions',
    columns: `${ID}, ${SITE},
      form_id uuid not null references forms (id) on delete cascade,
      person_id uuid references people (id) on delete set null,
      data jsonb not null check (jsonb_typeof(data) = 'object'),
      ${CREATED}`,
    indexes: ['site_id, form_id, created_at'],
  },
  {
    name: 'pages',
    columns: `${ID}, ${SITE}, ${slug()},
      title text not null, body text not null default '',
      status text not null default 'draft' ${oneOf('status', ['draft', 'published'])},
      published_at timestamptz,
      ${STAMPS},
      unique (site_id, slug),
      ${PUBLISHED}`,
  },
  {
    name: 'site_appearances',
    columns: `site_id uuid primary key references sites (id) on delete cascade,
      theme text not null default 'system' ${oneOf('theme', ['light', 'dark', 'system'])},
      primary_color text not null default '#4f46e5' check (primary_color ~ '^#[0-9a-fA-F]{6}$'),
      accent_color text not null default '#f59e0b' check (accent_color ~ '^#[0-9a-fA-F]{6}$'),
      font_family text,
      logo_file_id uuid references stored_files (id) on delete set null,
      logo_url text, favicon_url text,
      custom_css text,
      ${STAMPS}`,
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UUID_V7).execute(db);
  await sql.raw(TOUCH).execute(db);
  for (const table of TABLES) {
    await sql.raw(`create table ${table.name} (${table.columns})`).execute(db);
    if (table.columns.includes('updated_at timestamptz')) {
      await sql
        .raw(
          `create trigger ${table.name}_touch before update on ${table.name}
          for each row execute function touch_updated_at()`,
        )
        .execute(db);
    }
    for (const columns of table.indexes ?? []) {
      const name = `${table.name}_${columns.replaceAll(', ', '_')}_idx`;
      await sql.raw(`create index ${name} on ${table.name} (${columns})`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...TABLES].reverse()) {
    await sql.raw(`drop table ${table.name}`).execute(db);
  }
  await sql.raw('drop function touch_updated_at()').execute(db);
  await sql.raw('drop function uuid_v7()').execute(db);
}
