// The words of every page come from message catalogues (src/web/locales/<language>.json), chosen by
// the school's language (sites.locale), through i18next (docs/development.md "Page languages"). Why i18next rather than
// @formatjs/intl: its catalogues are plain JSON a translator edits without ICU syntax, its plurals
// follow Intl.PluralRules (key_one / key_other, and whatever forms a future language needs), and it
// needs no UI framework. Dates, numbers and money are formatted with Intl (format.ts).
//
// A key missing from the page's catalogue is a defect: it throws (the test suites and development
// see it at once, and the unit test web/locales/catalogues.test.ts checks every key used in code exists in
// every catalogue), unless the app's PageTexts was made with `reportMissing` (production: the English
// text, or the key, is shown and the defect logged).
import i18next, { type TOptions } from 'i18next';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';
import { formatters, type Formatters } from './format.ts';

/** The languages pages exist in; a school with another `sites.locale` sees English. */
export const PAGE_LANGUAGES = ['en', 'de'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: PageLanguage = 'en';

export type Catalogue = { [key: string]: string | Catalogue };

export function loadCatalogue(language: string): Catalogue {
  return JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../../web/locales/${language}.json`, import.meta.url)), 'utf8'),
  ) as Catalogue;
}

// The same escaping Eta applies to `<%= %>` (its default XML escape).
const escapeHtml = new Eta().config.escapeFunction;

export class MissingText extends Error {}

export function pageLanguage(locale: string | undefined): PageLanguage {
  const base = (locale ?? '').toLowerCase().split(/[-_]/)[0];
  return (PAGE_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as PageLanguage) : DEFAULT_LANGUAGE;
}

export type TextVars = Record<string, unknown> & { count?: number };

export type PageText = Formatters & {
  lang: PageLanguage;
  /** Plain text of `key` (Eta escapes it when printed with `<%= %>`). */
  t(key: string, vars?: TextVars): string;
  /** HTML of `key`, whose catalogue text may hold <strong>/<code>: the values are escaped; print it with `<%~ %>`. */
  th(key: string, vars?: TextVars): string;
  has(key: string): boolean;
  /** The catalogue text of `key` as written, placeholders unfilled (a plural key: its `_other` form); undefined when none. */
  raw(key: string): string | undefined;
};

export type PageTextOptions = {
  /** Production: a missing key shows the English text (or the key) and is reported, never a failed page. */
  reportMissing?: (key: string, language: string) => void;
};

/**
 * The catalogues of one app and what it does about a missing key: createApp makes one and every
 * page of that app reads it through its request context, so two apps in one process share neither.
 */
export class PageTexts {
  readonly #i18n = i18next.createInstance();
  readonly #onMissing: ((key: string, language: string) => void) | undefined;

  constructor(options: PageTextOptions = {}) {
    this.#onMissing = options.reportMissing;
    void this.#i18n.init({
      resources: Object.fromEntries(
        PAGE_LANGUAGES.map((language) => [language, { translation: loadCatalogue(language) }]),
      ),
      lng: DEFAULT_LANGUAGE,
      // A missing German key must not hide behind English: the check below decides what happens.
      fallbackLng: false,
      initAsync: false,
      // Scope names hold a colon (courses:read): no namespaces in keys.
      nsSeparator: false,
      // Eta escapes what `<%= %>` prints; th() escapes the values of catalogue text that holds markup.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }

  /** The text and formatters of a page of a school in `locale` and `timeZone`. */
  of(locale: string | undefined, timeZone = 'UTC'): PageText {
    const i18n = this.#i18n;
    const onMissing = this.#onMissing;
    const lang = pageLanguage(locale);
    const fixed = i18n.getFixedT(lang);
    const has = (key: string, vars?: TextVars) => i18n.exists(key, { lng: lang, ...(vars as TOptions) });
    const t = (key: string, vars?: TextVars): string => {
      if (!has(key, vars)) {
        if (!onMissing)
          throw new MissingText(`no text for "${key}" in the ${lang} catalogue (src/web/locales/${lang}.json)`);
        onMissing(key, lang);
        return i18n.exists(key, { lng: DEFAULT_LANGUAGE, ...(vars as TOptions) })
          ? i18n.t(key, { lng: DEFAULT_LANGUAGE, ...(vars as TOptions) })
          : key;
      }
      return fixed(key, vars as TOptions);
    };
    const th = (key: string, vars: TextVars = {}) =>
      t(
        key,
        Object.fromEntries(
          Object.entries(vars).map(([name, value]) => [name, typeof value === 'string' ? escapeHtml(value) : value]),
        ),
      );
    const raw = (key: string): string | undefined => {
      for (const candidate of [key, `${key}_other`]) {
        const text: unknown = i18n.getResource(lang, 'translation', candidate);
        if (typeof text === 'string') return text;
      }
      return undefined;
    };
    return { lang, t, th, has: (key) => has(key), raw, ...formatters(lang, timeZone) };
  }
}
