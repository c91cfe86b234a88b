// /courses/{slug}.md: one published course's public page as Markdown, the page llmstxt.org asks a
// site to offer beside its llms.txt, and the MCP resource of the same URI (src/mcp/resources/).
// Built from the catalog's public course detail only (services/school/catalog.ts selects no lecture
// content), so it shows what GET /api/v1/catalog/courses/{slug} shows: title, subtitle,
// description, price and the outline with durations and preview flags. School text is never
// document structure: every school-written string is one escaped inline run (lib/markdown-escape.ts),
// the description first reduced from its sanitised HTML to plain text (lib/rich-text.ts).
import { markdownInline, urlSegment, type SchoolText } from '../../lib/markdown-escape.ts';
import { schoolHtmlToText } from '../../lib/rich-text.ts';
import type { CatalogCourse, CatalogSection } from '../school/catalog.ts';
import type { Site } from '../school/sites.ts';
import { formatMoney } from './pricing-md.ts';

export type CourseDetail = CatalogCourse & { sections: CatalogSection[] };

/** The path of a course's page on the school's origin; the MCP resource URI is the origin plus this. */
export const coursePagePath = (slug: string) => `/courses/${urlSegment(slug)}.md`;

/** 754 s → "12:34"; 3754 s → "1:02:34" (the form video players show). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const mm = String(Math.floor((s % 3600) / 60)).padStart(s >= 3600 ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${mm}:${ss}`;
}

function outline(sections: CatalogSection[], md: SchoolText): string {
  if (!sections.length) return 'No lectures published yet.\n';
  return sections
    .map((section, i) => {
      const rows = section.lectures.map(
        (l, j) =>
          `| ${j + 1} | ${md(l.title)} | ${md(l.content_type)} | ${formatDuration(l.duration_seconds)} | ${l.is_free_preview ? 'yes' : 'no'} |`,
      );
      const table = rows.length
        ? `| # | Lecture | Type | Duration | Free preview |\n|---|---|---|---|---|\n${rows.join('\n')}`
        : 'No lectures in this section yet.';
      return `### ${i + 1}. ${md(section.title)}\n\n${table}\n`;
    })
    .join('\n');
}

export function renderCourseMd(site: Site, course: CourseDetail, md: SchoolText = markdownInline): string {
  const o = site.origin;
  const lectures = course.sections.flatMap((s) => s.lectures);
  const total = lectures.reduce((sum, l) => sum + l.duration_seconds, 0);
  const previews = lectures.filter((l) => l.is_free_preview).length;
  const description = course.description ? md(schoolHtmlToText(course.description)) : '';
  return [
    `# ${md(course.title)}\n`,
    ...(course.subtitle ? [`> ${md(course.subtitle)}\n`] : []),
    ...(description ? [`${description}\n`] : []),
    '| | |\n|---|---|',
    `| School | ${md(site.name)} |`,
    `| Price | ${formatMoney(course.price.amount, course.price.currency)} |`,
    `| Lectures | ${lectures.length} (${formatDuration(total)} in all; ${previews} free ${previews === 1 ? 'preview' : 'previews'}) |`,
    `| Published | ${course.published_at ? course.published_at.slice(0, 10) : 'not dated'} |\n`,
    `## Outline\n\n${outline(course.sections, md)}`,
    `## Machine-readable\n`,
    `- This course as JSON: ${o}/api/v1/catalog/courses/${urlSegment(course.slug)}`,
    `- Every price of the school: ${o}/pricing.md`,
    `- The school for language models: ${o}/llms.txt`,
    '',
  ].join('\n');
}
