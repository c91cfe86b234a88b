// Where a finished mail goes (docs/operations.md "Mail"), through nodemailer:
// - `smtp`: the server of SMTP_URL. Its timeouts bound one send well inside the outbox claim, and a
//   refusal the server gives as permanent (a 5xx reply: no such mailbox, refused content) is
//   PermanentOutboxFailure, so the outbox stops at once instead of retrying for hours; anything
//   else (a 4xx reply, no connection, a timeout) is tried again later.
// - `files`: development without SMTP_URL. nodemailer builds the same RFC 5322 message in memory and
//   it is written as DATA_DIR/mail/<time>-<id>.eml, readable by this account only (0600, as every
//   file the service keeps: docs/security.md "Private files"), with one log line naming it, so
//   `npm start` works on a fresh machine and a developer can open the mail.
// - `none`: production without SMTP_URL: no transport; nothing is enqueued (mail-outbox.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { MailTransportConfig } from '../../config/config.ts';
import { PermanentOutboxFailure } from '../outbox/outbox-worker.ts';

/** The log line naming each file (its `file` field): one message, so a log search finds them all. */
export const MAIL_WRITTEN = 'mail written to a file (no SMTP_URL: docs/operations.md "Mail")';

export type OutgoingMail = {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
};

export type MailTransport = {
  readonly kind: 'smtp' | 'files';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/** One send, connect to the server's last answer, stays well inside the outbox claim (5 minutes). */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function createMailTransport(config: MailTransportConfig, log?: Logger): MailTransport | null {
  if (config.kind === 'none') return null;
  if (config.kind === 'smtp') return smtpTransport(config.url);
  return fileTransport(config.dir, log);
}

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await transporter.sendMail(mail);
      } catch (error) {
        throw smtpFailure(error);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * What the outbox records of a failed send: the SMTP reply code and nodemailer's error code, never
 * the server's whole answer (which may quote the address) nor the URL (which may hold a password).
 */
function smtpFailure(error: unknown): Error {
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string };
  const what = `SMTP ${responseCode ?? 'no reply'}${code ? ` (${code})` : ''}`;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600
    ? new PermanentOutboxFailure(`${what}: the server refused the mail`)
    : new Error(`${what}: the mail could not be handed over`);
}

function fileTransport(dir: string, log?: Logger): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(mail) {
      const info = (await builder.sendMail(mail)) as { message: Buffer };
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      await writeFile(file, info.message, { mode: 0o600, flag: 'wx' });
      // The file, not the mail: its link may be a secret until used.
      log?.info({ file }, MAIL_WRITTEN);
    },
    close: () => builder.close(),
  };
}
