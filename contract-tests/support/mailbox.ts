// The suite's mailbox (docs/operations.md "Mail"): global-setup starts a real SMTP listener
// (smtp-server on a free loopback port) and points the server under test at it with SMTP_URL; each
// mail it receives is kept as `<received ms>-<n>.eml` in a folder every test worker can read, where
// a test finds the mail sent to an address and the link in it, as the person would.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';

export type MailboxListener = { url: string; dir: string; close(): Promise<void> };

export async function startMailboxListener(dir: string): Promise<MailboxListener> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const rcpt = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
        const name = `${String(Date.now()).padStart(15, '0')}-${String(++received).padStart(6, '0')}.eml`;
        // The envelope's recipients first, as an MTA's delivery adds them.
        writeFileSync(path.join(dir, name), Buffer.concat([Buffer.from(`X-Envelope-To: ${rcpt}\r\n`), ...chunks]));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mail = { file: string; envelopeTo: string[]; parsed: ParsedMail };

const parsedFiles = new Map<string, Mail>();

/** Every mail received so far, oldest first. */
export async function allMail(dir: string = inject('mailDir')): Promise<Mail[]> {
  if (!dir) throw new Error('no mailbox: the server under test mails elsewhere (set CONTRACT_MAIL_DIR)');
  // A server writing .eml files makes its folder with the first mail.
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const mails: Mail[] = [];
  for (const file of files) {
    let mail = parsedFiles.get(path.join(dir, file));
    if (!mail) {
      const raw = readFileSync(path.join(dir, file));
      const parsed = await simpleParser(raw);
      // The listener's envelope line; a development server's .eml file (no SMTP_URL) has the To header only.
      const envelope = /^X-Envelope-To: ([^\r\n]*)/.exec(raw.toString('utf8'))?.[1];
      const to = [parsed.to ?? []].flat().flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
      mail = { file, envelopeTo: envelope === undefined ? to : envelope.split(',').filter(Boolean), parsed };
      parsedFiles.set(path.join(dir, file), mail);
    }
    mails.push(mail);
  }
  return mails;
}

/**
 * The newest mail to `address` that satisfies `accept`, waited for (the outbox sends after the
 * commit, within its poll interval).
 */
export async function mailTo(
  address: string,
  accept: (mail: Mail) => boolean = () => true,
  options: { timeoutMs?: number; dir?: string } = {},
): Promise<Mail> {
  const wanted = address.toLowerCase();
  const timeoutMs = options.timeoutMs ?? 15_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await allMail(options.dir ?? inject('mailDir')))
      .filter((mail) => mail.envelopeTo.includes(wanted) && accept(mail))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The link in a mail's text part whose path starts with `pathPrefix`, or undefined. */
export function linkIn(mail: Mail, pathPrefix: string): string | undefined {
  return (mail.parsed.text ?? '')
    .split(/\s+/)
    .find((word) => /^https?:\/\//.test(word) && new URL(word).pathname.startsWith(pathPrefix));
}

/** The mailbox's newest mail now: `after` for a mail still to come (an address that had mail before). */
export async function mailMark(dir: string = inject('mailDir')): Promise<string> {
  return (await allMail(dir)).at(-1)?.file ?? '';
}

/**
 * The accept link of the newest invitation mailed to `address` (OpenAPI inviteStudent, inviteMember:
 * the link is mailed to the person alone): received after the mark `after`, when given.
 */
export async function invitationLink(address: string, options: { after?: string; dir?: string } = {}): Promise<string> {
  const mail = await mailTo(
    address,
    (m) => linkIn(m, '/account/invitations/') !== undefined && m.file > (options.after ?? ''),
    options.dir ? { dir: options.dir } : {},
  );
  return linkIn(mail, '/account/invitations/')!;
}
