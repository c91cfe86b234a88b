// docs/operations.md "Audit log": each row of the admin area's audit log reads as a sentence in the
// school's language; a row whose details cannot fill its sentence falls back to "<who>: <label>",
// never a gap or "undefined"; and every value is text, which the page escapes.
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../http/pages/render-page.ts';
import { loadCatalogue, PAGE_LANGUAGES, PageTexts, type Catalogue } from '../../http/pages/i18n/page-text.ts';
import { AUDIT_ACTIONS } from '../../services/audit/audit-actions.ts';
import { auditSentence, placeholdersOf, sentenceKeys, type SentenceRow } from './audit-sentence.ts';

const texts = new PageTexts();
const en = texts.of('en');
const de = texts.of('de');

function row(action: string, details: Record<string, unknown> = {}, more: Partial<SentenceRow> = {}): SentenceRow {
  return {
    action,
    actor_email: 'olivia@demo-academy.test',
    actor_name: 'Olivia Owner',
    actor_client_id: null,
    details,
    names: {},
    ...more,
  };
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('audit log sentences (docs/operations.md "Audit log")', () => {
  it.each(PAGE_LANGUAGES)(
    'every action the service writes has a sentence in the %s catalogue, without markup',
    (lang) => {
      const catalogue = loadCatalogue(lang);
      for (const action of AUDIT_ACTIONS) {
        const key = `admin.audit.sentence.${action}`;
        const text = lookup(catalogue, key) ?? lookup(catalogue, `${key}_other`);
        expect(text, `${lang}: ${key}`).toBeDefined();
        // Plain text: the template escapes the whole sentence, so markup would show as text.
        expect(text, key).not.toMatch(/[<>&]/);
      }
    },
  );

  it('each variant uses the same placeholders in English and German', () => {
    const [english, german] = [loadCatalogue('en'), loadCatalogue('de')];
    const walk = (node: Catalogue, prefix: string): string[] =>
      Object.entries(node).flatMap(([k, v]) =>
        typeof v === 'string' ? [`${prefix}.${k}`] : walk(v, `${prefix}.${k}`),
      );
    const keys = walk(english, '')
      .map((k) => k.slice(1))
      .filter((k) => k.startsWith('admin.audit.sentence.'));
    expect(keys.length).toBeGreaterThan(AUDIT_ACTIONS.length);
    for (const key of keys)
      expect(placeholdersOf(lookup(german, key) ?? '').sort(), key).toEqual(
        placeholdersOf(lookup(english, key)!).sort(),
      );
  });

  it('fills the placeholders from the actor, the details and the names looked up', () => {
    expect(
      auditSentence(
        en,
        row(
          'grant.revoked',
          { client_id: 'acme-sync', person: 'mia@demo-academy.test', by: 'school' },
          {
            names: { client: 'Acme Sync' },
          },
        ),
      ),
    ).toBe('Olivia Owner revoked the access of mia@demo-academy.test to Acme Sync');
    expect(
      auditSentence(
        en,
        row('webhook_endpoint.secret_rotated', { overlap_seconds: 60 }, { names: { url: 'https://hooks.example/x' } }),
      ),
    ).toBe('Olivia Owner rotated the signing secret of https://hooks.example/x');
    expect(
      auditSentence(
        en,
        row('sign_in.failed', { email: 'sam@demo-academy.test' }, { actor_email: null, actor_name: null }),
      ),
    ).toBe('Sign-in of sam@demo-academy.test failed (unknown address or wrong password)');
    expect(auditSentence(de, row('open_registration.changed', { enabled: true }))).toBe(
      'Olivia Owner hat die offene Registrierung eingeschaltet',
    );
    expect(
      auditSentence(
        en,
        row('member.roles_changed', { added: ['admin'], removed: [] }, { names: { person: 'lee@x.test' } }),
      ),
    ).toBe('Olivia Owner gave lee@x.test the role admin');
    expect(auditSentence(en, row('sessions.ended', { count: 2, current: false }))).toBe(
      'Olivia Owner signed out 2 sessions',
    );
  });

  it('the actor is the name, else the e-mail address, else the application', () => {
    expect(auditSentence(en, row('signing_keys.rotated', {}, { actor_name: null }))).toBe(
      'olivia@demo-academy.test rotated the ID-token signing keys',
    );
    expect(
      auditSentence(
        en,
        row(
          'signing_keys.rotated',
          {},
          { actor_name: null, actor_email: null, actor_client_id: 'ci-bot', names: { app: 'CI Bot' } },
        ),
      ),
    ).toBe('CI Bot rotated the ID-token signing keys');
  });

  it('falls back to "<who>: <label>" when a placeholder is missing, never "undefined" or an empty gap', () => {
    // The endpoint was deleted since: no URL to name.
    const sentence = auditSentence(en, row('webhook_endpoint.secret_rotated', { overlap_seconds: 60 }));
    expect(sentence).toBe('Olivia Owner: Webhook secret rotated');
    for (const action of AUDIT_ACTIONS)
      for (const text of [en, de]) {
        const said = auditSentence(text, row(action));
        expect(said, action).not.toMatch(/undefined|null|\{\{|\(\)|\s{2}|\s[,.:]/);
      }
    // No actor and no sentence that needs none: the label alone.
    expect(auditSentence(en, row('signing_keys.rotated', {}, { actor_email: null, actor_name: null }))).toBe(
      'Signing keys rotated',
    );
    // An action written by a newer version: its code.
    expect(auditSentence(en, row('course.teleported', {}, { actor_email: null, actor_name: null }))).toBe(
      'course.teleported',
    );
  });

  it("tries the variant of what the row recorded before the action's own sentence", () => {
    expect(
      auditSentence(
        en,
        row(
          'grant.revoked',
          { reason: 'refresh token reused' },
          { actor_client_id: 'study-buddy', names: { app: 'Study Buddy' } },
        ),
      ),
    ).toBe('Access of Olivia Owner to Study Buddy ended: a code or refresh token was used twice');
    expect(sentenceKeys(row('id_token_signing.changed', { enabled: false }), true)).toEqual([
      'admin.audit.sentence.id_token_signing.changed_off',
      'admin.audit.sentence.id_token_signing.changed',
    ]);
  });

  it('keeps a value as text: no i18next nesting or option is read from a name', () => {
    const sentence = auditSentence(
      en,
      row('signing_keys.rotated', { lng: 'de', context: 'x' }, { actor_name: '$t(admin.audit.title) {{actor}}' }),
    );
    expect(sentence).toBe('$t(admin.audit.title) {{actor}} rotated the ID-token signing keys');
  });

  it('markup in a name is escaped on the page (docs/development.md "Page languages": templates escape what they print)', () => {
    const hostile = '<img src=x onerror=alert(1)>Mallory';
    const site = { name: 'Demo', locale: 'en', timeZone: 'UTC', slug: 'demo' };
    const sentence = auditSentence(en, row('signing_keys.rotated', {}, { actor_name: hostile }));
    expect(sentence).toContain(hostile);
    const page = renderPage(
      './admin/audit-log',
      { site, pageTexts: texts },
      {
        text: en,
        areaName: 'admin.area',
        nav: [],
        current: '/admin/audit-log',
        titleKey: 'admin.audit.title',
        filter: { actor: hostile, action: '', from: '', to: '' },
        actions: [],
        timeZone: 'UTC',
        problems: [],
        csvMax: 10,
        rows: [
          {
            ...row('signing_keys.rotated'),
            id: '1',
            created_at: new Date(),
            sentence,
            summary: '',
            ip: null,
          },
        ],
        filterQuery: '',
        olderQuery: null,
        isFirstPage: true,
      },
    );
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;Mallory rotated the ID-token signing keys');
  });
});
