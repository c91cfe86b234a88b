// A mail's words and markup, built as the pages are (render-page.ts): Eta templates under
// web/views/mail/ and the school's language catalogue (docs/development.md "Page languages"), so a
// mail speaks its school's language, names the school, and shows dates in its time zone. Every
// mail has both parts: HTML, where Eta's auto-escape escapes every value printed with `<%= %>` (a
// school's name, a person's name), and plain text, where nothing is markup and nothing is escaped.
import { Eta } from 'eta';
import { fileURLToPath } from 'node:url';
import type { Site } from '../../services/school/sites.ts';
import type { MailTemplate } from '../../services/mail/templates.ts';
import type { PageTexts } from '../pages/i18n/page-text.ts';

const views = fileURLToPath(new URL('../../web/views', import.meta.url));
const functionHeader = 'const text = it.text, t = text.t, th = text.th, fmt = text;';
const html = new Eta({ views, autoEscape: true, cache: true, functionHeader });
// Plain text: `<%= %>` prints as is (escaping would show `&amp;` to the reader).
const plain = new Eta({ views, autoEscape: false, autoTrim: false, cache: true, functionHeader });

export type RenderedMail = { subject: string; text: string; html: string };

export function renderMail(
  pageTexts: PageTexts,
  site: Pick<Site, 'name' | 'locale' | 'timeZone'>,
  template: MailTemplate,
  values: Record<string, string>,
): RenderedMail {
  const text = pageTexts.of(site.locale, site.timeZone);
  const key = template.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const subject = text.t(`mail.${key}.subject`, { school: site.name, ...values });
  // `link`: the mail's one link (an accept, reset or verify URL), built by the service from the
  // school's origin; templates print it as `it.link` (web/templates.test.ts "server-built URLs").
  const data = { schoolName: site.name, lang: text.lang, text, subject, values, link: values.link };
  return {
    subject,
    text: plain.render(`mail/${template}-text`, data),
    html: html.render(`mail/${template}-html`, data),
  };
}
