// The fields a course, an event or a school shows alike on every surface, mapped from their rows
// once: the admin API (services/courses/, services/events/, services/school/), the public catalog (services/school/catalog.ts) and the site
// every request carries (services/school/sites.ts). Each mapper spreads these first, then adds its own.
import type { SiteRow } from '../db/repositories/sites.ts';
import { toIso } from '../lib/time.ts';

/** Money as every surface shows it: integer minor units and the ISO 4217 code. */
export function priceOf(row: { price_amount: number; currency: string }): { amount: number; currency: string } {
  return { amount: row.price_amount, currency: row.currency };
}

/** What a course is called and says, before what each surface adds. */
export function courseFields(row: {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
}) {
  return { id: row.id, slug: row.slug, title: row.title, subtitle: row.subtitle, description: row.description };
}

/** What an event is called and where and when it happens, before what each surface adds. */
export function eventFields(row: {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  starts_at: Date;
  ends_at: Date;
  timezone: string;
  location: string | null;
}) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    starts_at: toIso(row.starts_at)!,
    ends_at: toIso(row.ends_at)!,
    timezone: row.timezone,
    location: row.location,
  };
}

/** Seats still open; null when the event has no capacity limit, never below zero. */
export function seatsLeft(capacity: number | null, taken: number): number | null {
  return capacity === null ? null : Math.max(0, capacity - taken);
}

/** Who the school is and how it speaks, before what each surface adds (the site spells its time zone timeZone). */
export function schoolFields(
  row: Pick<SiteRow, 'id' | 'slug' | 'origin' | 'name' | 'description' | 'locale' | 'currency'>,
) {
  return {
    id: row.id,
    slug: row.slug,
    origin: row.origin,
    name: row.name,
    description: row.description,
    locale: row.locale,
    currency: row.currency,
  };
}

/** The school's beta flags: each one on only when stored as `true` (OpenAPI document, School beta_features). */
export function betaFeaturesOf(row: Pick<SiteRow, 'beta_features'>): Record<string, boolean> {
  const beta = (row.beta_features ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(beta).map(([flag, on]) => [flag, on === true]));
}
