// docs/development.md "Page languages": every page speaks the school's language from complete catalogues. These tests
// fail on a missing key: every key the code or a template names exists in every catalogue, the
// catalogues hold the same keys (with the plural forms each language needs), the keys built at
// run time (scope meanings, scope areas, error titles, states) exist for every value they can
// take, and a key missing at run time throws instead of showing a raw key.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../services/auth/scopes.ts';
import { AUDIT_ACTIONS } from '../admin/audit-log.ts';
import { ERROR_PAGE_CODES } from '../../http/pages/error-page.ts';
import {
  loadCatalogue,
  MissingText,
  PAGE_LANGUAGES,
  PageTexts,
  type Catalogue,
} from '../../http/pages/i18n/page-text.ts';
import { PROBLEM_TYPES } from '../../http/problem-types.ts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_WILDCARDS } from '../../services/webhooks/catalogue.ts';

const src = path.join(import.meta.dirname, '..', '..');
const strict = new PageTexts();
const pageText = (locale: string, timeZone?: string) => strict.of(locale, timeZone);

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

const catalogues = Object.fromEntries(PAGE_LANGUAGES.map((language) => [language, flatten(loadCatalogue(language))]));
const PLURAL = /_(zero|one|two|few|many|other)$/;

function files(dir: string, ends: string[]): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => ends.some((end) => file.endsWith(end)) && !file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file));
}

// Every literal key in the source: t('…'), th('…') and textKey('…') anywhere, and the key strings
// the areas keep in tables (titles, navigation, notices, states: 'admin.…', 'account.…', 'area.…').
const sources = files(src, ['.ts', '.eta']).map((file) => ({
  file: path.relative(src, file),
  text: readFileSync(file, 'utf8'),
}));
const called = sources.flatMap(({ file, text }) =>
  [...text.matchAll(/\b(?:t|th|textKey)\(\s*'([A-Za-z0-9_.:]+)'\s*[,)]/g)].map((m) => ({ file, key: m[1]! })),
);
const tabled = sources
  .filter(({ file }) => /^(web|services[/\\]admin-area)[/\\].*\.ts$/.test(file))
  .flatMap(({ file, text }) =>
    [...text.matchAll(/'((?:admin|account|area)\.[A-Za-z0-9_.]+)'/g)].map((m) => ({ file, key: m[1]! })),
  );

/** Whether `key` resolves in `language`: itself, or its plural forms. */
function present(language: string, key: string): boolean {
  const catalogue = catalogues[language]!;
  return catalogue.has(key) || catalogue.has(`${key}_other`);
}

describe('page catalogues (docs/development.md "Page languages": pages in the school language, no missing key)', () => {
  it('finds the keys the pages use', () => {
    expect(called.length).toBeGreaterThan(250);
    expect(tabled.length).toBeGreaterThan(40);
  });

  it.each(PAGE_LANGUAGES)('every key the code and templates name exists in the %s catalogue', (language) => {
    const missing = [...called, ...tabled]
      .filter(({ key }) => !present(language, key))
      .map(({ file, key }) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });

  it('the catalogues hold the same keys, and each plural key has the forms its language needs', () => {
    const [first, ...others] = PAGE_LANGUAGES;
    const bases = (language: string) => new Set([...catalogues[language]!.keys()].map((k) => k.replace(PLURAL, '')));
    for (const language of others) expect([...bases(language)].sort()).toEqual([...bases(first)].sort());
    for (const language of PAGE_LANGUAGES) {
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plural = new Set(
        [...catalogues[language]!.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')),
      );
      for (const base of plural)
        for (const form of needed)
          expect(catalogues[language]!.has(`${base}_${form}`), `${language}: ${base}_${form}`).toBe(true);
    }
  });

  it('no catalogue text is empty, and German text is not left in English', () => {
    for (const language of PAGE_LANGUAGES)
      for (const [key, value] of catalogues[language]!) expect(value.trim(), `${language}: ${key}`).not.toBe('');
    // Identical text is fine for names, codes and templates of values; sentences must differ.
    const same = [...catalogues.de!].filter(
      ([key, value]) =>
        value === catalogues.en!.get(key) && /\s\p{Ll}+\s/u.test(value.replace(/\{\{\w+\}\}|<[^>]+>/g, '')),
    );
    expect(same.map(([key]) => key)).toEqual([]);
  });

  it('keys built at run time exist for every value: scope meanings and areas, error titles, audit actions, webhook event types', () => {
    const built = [
      ...SCOPES.map((s) => `scope.${s.name}`),
      ...SCOPES.filter((s) => s.kind !== 'identity').map((s) => `scopeArea.${s.name.split(':')[0]}`),
      'scopeArea.identity',
      ...['read', 'write', 'readWrite'].map((a) => `consent.access.${a}`),
      ...['read', 'write', 'readWrite'].map((a) => `consent.overview.${a}`),
      ...[...ERROR_PAGE_CODES, 'other'].flatMap((code) => [`error.title.${code}`, `error.explain.${code}`]),
      ...AUDIT_ACTIONS.map((action) => `admin.audit.action.${action}`),
      ...['owner', 'admin', 'lecturer', 'student'].flatMap((role) => [`role.${role}`, `invitation.role.${role}`]),
      ...['active', 'expired', 'revoked'].map((s) => `account.courses.status.${s}`),
      ...['not_paid', 'paid', 'failed', 'refunded', 'expired', 'manual'].map((s) => `account.orders.status.${s}`),
      ...['registered', 'cancelled', 'attended'].map((s) => `account.events.status.${s}`),
      ...['day', 'week', 'month'].flatMap((i) => [
        `admin.analytics.interval.${i}`,
        `admin.analytics.intervalOption.${i}`,
      ]),
      ...Object.keys(PROBLEM_TYPES).flatMap((name) => [`problemType.${name}.title`, `problemType.${name}.description`]),
      // The endpoint form offers every catalogued event type with its meaning (webhook-fields.eta).
      ...WEBHOOK_EVENT_TYPES.map((type) => `admin.webhooks.eventType.${type}`),
      // ... and every wildcard (/webhooks.md "Wildcards"), `*` as `all`.
      ...WEBHOOK_EVENT_WILDCARDS.map((w) => `webhookWildcards.${w === '*' ? 'all' : w.slice(0, -2)}`),
    ];
    for (const language of PAGE_LANGUAGES)
      expect(
        built.filter((key) => !present(language, key)),
        language,
      ).toEqual([]);
  });

  it('every audit action the service writes has its words on the audit-log page (no raw codes)', () => {
    const written = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
          for (const m of readFileSync(file, 'utf8').matchAll(/\baction: '([a-z_]+\.[a-z_.]+)'/g)) written.add(m[1]!);
      }
    };
    walk(path.resolve(import.meta.dirname, '../..'));
    expect(written.size).toBeGreaterThan(20);
    expect([...written].filter((action) => !AUDIT_ACTIONS.includes(action))).toEqual([]);
  });

  it('the English scope meanings are the words of src/services/auth/scopes.ts (one wording on every surface)', () => {
    for (const scope of SCOPES) expect(catalogues.en!.get(`scope.${scope.name}`)).toBe(scope.meaning);
  });

  it('the English problem-type pages say what src/http/problem-types.ts says (RFC 9457 3.1.1: one wording for the type URI)', () => {
    for (const [name, problem] of Object.entries(PROBLEM_TYPES)) {
      expect(catalogues.en!.get(`problemType.${name}.title`)).toBe(problem.title);
      expect(catalogues.en!.get(`problemType.${name}.description`)).toBe(problem.description);
    }
  });

  it('a key missing at run time throws (tests and development see it), in every language', () => {
    for (const language of PAGE_LANGUAGES) expect(() => pageText(language).t('no.such.key')).toThrow(MissingText);
  });

  it('a missing key is reported and shown in English by an app made to report it, and only by that app', () => {
    const reported: string[] = [];
    const reporting = new PageTexts({ reportMissing: (key, language) => reported.push(`${language} ${key}`) });
    expect(reporting.of('de').t('no.such.key')).toBe('no.such.key');
    expect(reported).toEqual(['de no.such.key']);
    // Another app in the same process keeps its own rule: its missing key still throws.
    expect(() => new PageTexts().of('de').t('no.such.key')).toThrow(MissingText);
    expect(() => strict.of('en').t('no.such.key')).toThrow(MissingText);
  });

  it('plural rules and Intl formatting follow the language and the school time zone', () => {
    const en = pageText('en', 'America/New_York');
    const de = pageText('de', 'Europe/Berlin');
    expect([0, 1, 2].map((count) => de.t('account.apps.count', { count }))).toEqual([
      'Keine Anwendung hat hier Zugriff auf Ihr Konto.',
      'Eine Anwendung hat hier Zugriff auf Ihr Konto.',
      '2 Anwendungen haben hier Zugriff auf Ihr Konto.',
    ]);
    expect(en.t('error.message.tooManyAttempts', { count: 1 })).toBe('Too many attempts. Try again in 1 minute.');
    expect(de.money({ amount: 4900, currency: 'EUR' })).toMatch(/^49,00\s€$/);
    expect(en.money({ amount: 1500, currency: 'JPY' })).toBe('¥1,500');
    expect(de.dateTime('2026-11-25T00:30:00Z')).toMatch(/^25\. Nov\. 2026, 01:30 MEZ$/);
    expect(en.dateTime('2026-11-25T00:30:00Z')).toMatch(/^Nov 24, 2026, 07:30\sPM EST$/);
    expect(pageText('fr').lang).toBe('en');
    expect(pageText('de-AT').lang).toBe('de');
  });

  it('th() escapes the values it puts into catalogue markup', () => {
    expect(pageText('en').th('signedIn.as', { school: '<img src=x>', email: '"a"@b' })).toBe(
      'Signed in to &lt;img src=x&gt; as <strong>&quot;a&quot;@b</strong>.',
    );
  });
});
