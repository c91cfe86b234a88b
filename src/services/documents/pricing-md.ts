// /pricing.md: this school's published prices from the database, one section per kind of
// offer (courses, membership plans, events, digital products). Coupon codes are secrets
// and never appear. School-written names are kept to one table cell each (school text is never document structure:
// lib/markdown-escape.ts escapes `|` with the rest, so a name cannot add a cell, a row or a heading).
import type { Db } from '../../db/database.ts';
import { listPublishedPrices } from '../orders/pricing.ts';
import type { Site } from '../school/sites.ts';
import { markdownInline, urlSegment, type SchoolText } from '../../lib/markdown-escape.ts';

export function formatMoney(amount: number, currency: string): string {
  if (amount === 0) return 'free';
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return `${(amount / 10 ** digits).toFixed(digits)} ${currency}`;
}

export async function renderPricingMd(
  db: Db,
  site: Site,
  now = new Date(),
  cell: SchoolText = markdownInline,
): Promise<string> {
  const { courses, plans, products, events } = await listPublishedPrices(db, site.id, now);
  const o = site.origin;
  const section = (title: string, header: string, rows: string[]) =>
    `## ${title}\n\n${rows.length ? `${header}\n${rows.join('\n')}` : 'None at the moment.'}\n`;
  return [
    `# ${cell(site.name)} — Pricing\n`,
    `> Prices in ${markdownInline(site.currency)} unless a row says otherwise. Generated from the school's live data on ${now.toISOString().slice(0, 10)}.\n`,
    section(
      'Courses',
      '| Course | Price | Access | Details |\n|---|---|---|---|',
      courses.map(
        (c) =>
          `| ${cell(c.title)} | ${formatMoney(c.price_amount, c.currency)} | ${c.access_days ? `${c.access_days} days` : 'lifetime'} | ${o}/api/v1/catalog/courses/${urlSegment(c.slug)} |`,
      ),
    ),
    section(
      'Membership plans',
      '| Plan | Price | Billing | Trial | Courses included |\n|---|---|---|---|---|',
      plans.map(
        (p) =>
          `| ${cell(p.name)} | ${formatMoney(p.price_amount, p.currency)} | every ${p.interval_count === 1 ? p.billing_interval : `${p.interval_count} ${p.billing_interval}s`} | ${p.trial_days ? `${p.trial_days} days` : 'none'} | ${p.course_count ?? 0} |`,
      ),
    ),
    section(
      'Events',
      '| Event | Starts | Ticket | Seats left |\n|---|---|---|---|',
      events.map(
        (e) =>
          `| ${cell(e.title)} | ${e.starts_at.toISOString()} | ${formatMoney(e.price_amount, e.currency)} | ${e.capacity === null ? 'unlimited' : Math.max(0, e.capacity - (e.registered ?? 0))} |`,
      ),
    ),
    section(
      'Digital products',
      '| Product | Price |\n|---|---|',
      products.map((p) => `| ${cell(p.name)} | ${formatMoney(p.price_amount, p.currency)} |`),
    ),
    `## Machine-readable\n\n- The MCP server's anonymous tools (\`${o}/mcp\`) list courses, plans and events as structured data.\n- Courses as JSON: ${o}/api/v1/catalog/courses\n`,
  ].join('\n');
}
