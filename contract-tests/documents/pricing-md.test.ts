// /pricing.md is drawn from the database: published courses with prices, never drafts
// and never coupon codes.
import { describe, expect, inject, it } from 'vitest';

const origin = inject('primaryOrigin');

describe('/pricing.md (README "What each school serves"; published prices, never coupon codes)', () => {
  it('lists the published courses of the catalog with their prices, and no coupon code', async () => {
    const response = await fetch(`${origin}/pricing.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await response.text();
    expect(text.split('\n')[0]).toBe('# Demo Academy — Pricing');
    for (const section of ['## Courses', '## Membership plans', '## Events', '## Digital products'])
      expect(text).toContain(section);
    const catalog = (await (await fetch(`${origin}/api/v1/catalog/courses?limit=100`)).json()) as {
      data: Array<{ slug: string; title: string }>;
    };
    for (const course of catalog.data) expect(text).toContain(`/api/v1/catalog/courses/${course.slug}`);
    expect(text).toMatch(/\| \d+\.\d{2} USD \|/);
    expect(text).not.toMatch(/WELCOME|SAVE\d+/);
  });
});
