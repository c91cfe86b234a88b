// A real SMTP listener for the mail suites (smtp-server on a free loopback port): it accepts every
// mail (no TLS, no authentication: the test's own listener), parses it with mailparser, and lets a
// test wait for the next mail to an address. The server under test is pointed at it with
// SMTP_URL=smtp://127.0.0.1:<port> (docs/operations.md "Mail").
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; from: string; parsed: ParsedMail };

export type SmtpListener = {
  url: string;
  received: ReceivedMail[];
  /** The first mail to `address` received after `since` (an index into `received`), waited for. */
  next(address: string, options?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
};

export async function startSmtpListener(): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            parsed,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async next(address, { since = 0, timeoutMs = 15_000 } = {}) {
      const wanted = address.toLowerCase();
      const find = () => received.slice(since).find((mail) => mail.to.includes(wanted));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = find();
        if (mail) return mail;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => (waiters.delete(wake), clearTimeout(timer), resolve());
          const timer = setTimeout(wake, Math.min(left, 250));
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text part that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const text = mail.parsed.text ?? '';
  const found = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return found;
}
