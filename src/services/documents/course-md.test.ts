import { describe, expect, it } from 'vitest';
import { markdownShape } from '../../../contract-tests/support/markdown-structure.ts';
import type { Site } from '../school/sites.ts';
import { coursePagePath, formatDuration, renderCourseMd, type CourseDetail } from './course-md.ts';

const site = { origin: 'https://school.test', name: 'Demo Academy' } as Site;

function course(text: (field: string) => string, html: string): CourseDetail {
  return {
    id: 'c1',
    slug: 'git-essentials',
    title: text('title'),
    subtitle: text('subtitle'),
    description: html,
    price: { amount: 7900, currency: 'USD' },
    image_url: null,
    published_at: '2026-10-24T12:00:00.000Z',
    sections: [
      {
        id: 's1',
        title: text('section'),
        position: 1,
        lectures: [
          {
            id: 'l1',
            title: text('lecture'),
            position: 1,
            content_type: 'video',
            duration_seconds: 754,
            is_free_preview: true,
          },
          { id: 'l2', title: 'Two', position: 2, content_type: 'text', duration_seconds: 3754, is_free_preview: false },
        ],
      },
    ],
  };
}

const HOSTILE = 'Evil\n## Injected\n| a | b |\n<script>alert(1)</script> [x](javascript:alert(1)) https://evil.test';

describe('/courses/{slug}.md (OpenAPI "School text and HTML": school text is never document structure)', () => {
  it('shows title, subtitle, description as text, price and the outline with durations and preview flags', () => {
    const page = renderCourseMd(
      site,
      course((f) => `Plain ${f}`, '<p>First <em>part</em>.</p><p>Second &amp; last.</p>'),
    );
    expect(page).toMatch(/^# Plain title\n\n> Plain subtitle\n\nFirst part\. Second \\& last\.\n/);
    expect(page).toContain('| Price | 79.00 USD |');
    expect(page).toContain('| 1 | Plain lecture | video | 12:34 | yes |');
    expect(page).toContain('| 2 | Two | text | 1:02:34 | no |');
    expect(page).toContain('https://school.test/api/v1/catalog/courses/git-essentials');
  });

  it('keeps the same structure whatever the school wrote in each field', () => {
    const plain = renderCourseMd(
      site,
      course((f) => `Plain ${f}`, '<p>Plain description</p>'),
    );
    const hostile = renderCourseMd(
      site,
      course(() => HOSTILE, `<p>${HOSTILE.replace(/</g, '&lt;')}</p><pre>\`\`\`\n# code</pre>`),
    );
    expect(markdownShape(hostile)).toEqual(markdownShape(plain));
    expect(hostile).not.toContain('<script>');
  });

  it('names its page by the slug, as a path segment', () => {
    expect(coursePagePath('git-essentials')).toBe('/courses/git-essentials.md');
    expect(formatDuration(59)).toBe('0:59');
  });
});
