// A mail from the outbox to a real SMTP listener (smtp-server on a free port), read back with
// mailparser: in the school's language, from the school's name, with a text and an HTML part, every
// school- or person-supplied value escaped in the HTML; and in development without SMTP_URL, the
// same mail written as a private .eml file (docs/operations.md "Mail").
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealMail, type MailContent } from '../../services/mail/mail-payload.ts';
import { createMailTransport } from '../../services/mail/transport.ts';
import { PermanentOutboxFailure } from '../../services/outbox/outbox-worker.ts';
import type { Site } from '../../services/school/sites.ts';
import { PageTexts } from '../pages/i18n/page-text.ts';
import { createMailSender } from './mail-sender.ts';

const key = Buffer.alloc(32, 7);
const pageTexts = new PageTexts();

const site = (locale: string): Site => ({
  id: 'site-1',
  slug: 's',
  origin: 'http://s.test',
  name: 'Tom & Jerry <School>',
  description: null,
  locale,
  currency: 'EUR',
  timeZone: 'Europe/Berlin',
  betaFeatures: {},
  idTokenSigningEnabled: false,
  openRegistration: false,
  allowedMetadataHosts: [],
});

const invitation = (name: string): MailContent => ({
  to: 'ada@example.test',
  template: 'invitation',
  values: {
    name,
    email: 'ada@example.test',
    role: 'student',
    link: 'http://s.test/account/invitations/inv_secret?x=1&y=2',
    expiresAt: '2026-12-20T12:00:00.000Z',
  },
});

type Received = { parsed: ParsedMail; rcpt: string[] };
let server: SMTPServer;
let port: number;
const received: Received[] = [];
/** The reply the listener gives to RCPT TO for this address, instead of accepting. */
const refusals = new Map<string, { code: number; message: string }>();

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ parsed, rcpt: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

function senderTo(locale: string, transport = createMailTransport({ kind: 'smtp', url: `smtp://127.0.0.1:${port}` })!) {
  return createMailSender({
    transport,
    from: 'no-reply@s.test',
    keyEncryptionKey: key,
    pageTexts,
    findSite: async (id) => (id === 'site-1' ? site(locale) : undefined),
  });
}

const message = (content: MailContent, siteId = 'site-1') => ({
  id: 'm',
  siteId,
  kind: 'mail' as const,
  payload: sealMail(key, content),
  attempt: 1,
});

describe('mail through SMTP (docs/operations.md "Mail")', () => {
  it('an English school mails in English, from its name, text and HTML, values escaped in the HTML', async () => {
    await senderTo('en')(message(invitation('<script>alert(1)</script>')));
    const { parsed, rcpt } = received.at(-1)!;
    expect(rcpt).toEqual(['ada@example.test']);
    expect(parsed.from?.value).toEqual([{ name: 'Tom & Jerry <School>', address: 'no-reply@s.test' }]);
    expect(parsed.subject).toBe('Your invitation to join Tom & Jerry <School>');
    expect(parsed.text).toContain('Hello <script>alert(1)</script>,');
    expect(parsed.text).toContain('Tom & Jerry <School> invites you (ada@example.test) to join as a student.');
    expect(parsed.text).toContain('http://s.test/account/invitations/inv_secret?x=1&y=2');
    const html = String(parsed.html);
    expect(html).toContain('<html lang="en">');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(html).toContain('Tom &amp; Jerry &lt;School&gt; invites you (<strong>ada@example.test</strong>)');
    expect(html).toContain('href="http://s.test/account/invitations/inv_secret?x=1&amp;y=2"');
    // The date in the school's time zone (Europe/Berlin: 1 PM for 12:00 UTC).
    expect(parsed.text).toContain('until Dec 20, 2026, 01:00 PM');
  });

  it('a German school mails in German', async () => {
    await senderTo('de')(message(invitation('Ada')));
    const { parsed } = received.at(-1)!;
    expect(parsed.subject).toBe('Ihre Einladung zu Tom & Jerry <School>');
    expect(parsed.text).toContain('Hallo Ada,');
    expect(parsed.text).toContain('als Teilnehmer beizutreten');
    expect(String(parsed.html)).toContain('<html lang="de">');
  });

  it('a permanent refusal (5xx) stops the retries; a temporary one (4xx) does not', async () => {
    refusals.set('gone@example.test', { code: 550, message: 'No such user' });
    refusals.set('full@example.test', { code: 452, message: 'Mailbox full' });
    const send = senderTo('en');
    const gone = send(message({ ...invitation('A'), to: 'gone@example.test' }));
    await expect(gone).rejects.toBeInstanceOf(PermanentOutboxFailure);
    await expect(gone).rejects.toThrow(/^SMTP 550/);
    const full = send(message({ ...invitation('A'), to: 'full@example.test' }));
    await expect(full).rejects.not.toBeInstanceOf(PermanentOutboxFailure);
    await expect(full).rejects.toThrow(/^SMTP 452/);
  });

  it('no SMTP server listening is tried again later, and says so without the URL', async () => {
    const closed = createMailTransport({ kind: 'smtp', url: 'smtp://user:hunter2@127.0.0.1:1' })!;
    const failure = senderTo('en', closed)(message(invitation('A')));
    await expect(failure).rejects.not.toBeInstanceOf(PermanentOutboxFailure);
    await expect(failure).rejects.toThrow(/^SMTP no reply/);
    await expect(failure).rejects.not.toThrow(/hunter2/);
  });

  it('a payload sealed under another key, or of a school that is gone, is given up', async () => {
    const other = { ...message(invitation('A')), payload: sealMail(Buffer.alloc(32, 9), invitation('A')) };
    await expect(senderTo('en')(other)).rejects.toBeInstanceOf(PermanentOutboxFailure);
    await expect(senderTo('en')(message(invitation('A'), 'site-2'))).rejects.toBeInstanceOf(PermanentOutboxFailure);
  });
});

describe('mail without SMTP_URL in development: .eml files (docs/operations.md "Mail")', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mail-files-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('writes each mail as an .eml file only this account can read', async () => {
    const mailDir = path.join(dir, 'mail');
    await senderTo('en', createMailTransport({ kind: 'files', dir: mailDir })!)(message(invitation('Ada')));
    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = path.join(mailDir, files[0]!);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const parsed = await simpleParser(await readFile(file));
    expect(parsed.subject).toBe('Your invitation to join Tom & Jerry <School>');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('ada@example.test');
    expect(parsed.text).toContain('Hello Ada,');
  });

  it('production without SMTP_URL has no transport', () => {
    expect(createMailTransport({ kind: 'none' })).toBeNull();
  });
});
