// The outbox (outbox.ts, outbox-worker.ts) on a real database: a message commits or rolls back with
// the change that wrote it, is sent once by one of several workers, is tried again with back-off
// after a failure, and is given up at once on a PermanentOutboxFailure or when its attempts run out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, insertTestSite, type TestDatabase } from '../../db/testing.ts';
import { commitCallbacksOf } from '../../db/committed-writes.ts';
import { TableWriteWatcher } from '../../db/table-writes.ts';
import { enqueueOutboxMessage } from './outbox.ts';
import { WakeSignal } from '../../lib/wake-signal.ts';
import { createOutboxWorker, PermanentOutboxFailure, type OutboxMessage, type OutboxSenders } from './outbox-worker.ts';
import { MAX_OUTBOX_ATTEMPTS, outboxRetryDelayMs } from './retry.ts';

let test: TestDatabase;
let siteId: string;

beforeAll(async () => {
  test = await createTestDatabase();
  siteId = await insertTestSite(test.db, 'outbox');
});
afterAll(async () => test?.drop());

async function until<T>(check: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const row = (id: string) =>
  test.db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

function worker(senders: OutboxSenders, options: { retryBaseMs?: number; wake?: WakeSignal } = {}) {
  return createOutboxWorker({
    db: test.db,
    senders,
    pollMs: 50,
    retryBaseMs: options.retryBaseMs ?? 10,
    ...(options.wake ? { wake: options.wake } : {}),
  });
}

describe('the transactional outbox', () => {
  it('a message written in a transaction that rolls back is never sent; one that commits is sent once', async () => {
    const sent: OutboxMessage[] = [];
    const rolledBack = test.db.transaction().execute(async (trx) => {
      await enqueueOutboxMessage(trx, { siteId, kind: 'mail', payload: { n: 'rolled back' } });
      throw new Error('the change failed');
    });
    await expect(rolledBack).rejects.toThrow('the change failed');
    const id = await test.db
      .transaction()
      .execute((trx) => enqueueOutboxMessage(trx, { siteId, kind: 'mail', payload: { n: 'committed' } }));
    const w = worker({ mail: async (message) => void sent.push(message) });
    w.start();
    const done = await until(async () => ((await row(id)).sent_at ? row(id) : undefined));
    await w.stop();
    expect(sent.map((m) => m.payload)).toEqual([{ n: 'committed' }]);
    expect(sent[0]).toMatchObject({ id, siteId, kind: 'mail', attempt: 1 });
    // Once sent, what it carried is cleared.
    expect(done.payload).toEqual({});
    expect(done.attempts).toBe(1);
  });

  it('a failed send is tried again later, its error recorded in a few words; then sent', async () => {
    let calls = 0;
    const id = await enqueueOutboxMessage(test.db, { siteId, kind: 'mail', payload: { n: 'flaky' } });
    const w = worker({
      mail: async () => {
        calls++;
        if (calls === 1) throw new Error('SMTP 451: try later');
      },
    });
    w.start();
    const done = await until(async () => ((await row(id)).sent_at ? row(id) : undefined));
    await w.stop();
    expect(calls).toBe(2);
    expect(done.attempts).toBe(2);
    expect(done.failed_at).toBeNull();
  });

  it("a failure whose words hold U+0000 (a server's reply) is recorded with U+FFFD, and the message given up as any other (lib/nul-text.ts storableText)", async () => {
    const id = await enqueueOutboxMessage(test.db, { siteId, kind: 'mail', payload: { n: 'nul' } });
    const w = worker({
      mail: async () => {
        throw new PermanentOutboxFailure('SMTP 550: refused\u0000 by the server');
      },
    });
    w.start();
    const failed = await until(async () => ((await row(id)).failed_at ? row(id) : undefined));
    await w.stop();
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toBe('PermanentOutboxFailure: SMTP 550: refused\uFFFD by the server');
  });

  it('PermanentOutboxFailure gives the message up at once, keeping why', async () => {
    let calls = 0;
    const id = await enqueueOutboxMessage(test.db, { siteId, kind: 'mail', payload: { n: 'refused' } });
    const w = worker({
      mail: async () => {
        calls++;
        throw new PermanentOutboxFailure('SMTP 550: the server refused the mail');
      },
    });
    w.start();
    const failed = await until(async () => ((await row(id)).failed_at ? row(id) : undefined));
    await w.stop();
    expect(calls).toBe(1);
    expect(failed.sent_at).toBeNull();
    expect(failed.last_error).toBe('PermanentOutboxFailure: SMTP 550: the server refused the mail');
    expect(failed.payload).toEqual({});
  });

  it('a message that keeps failing is given up after MAX_OUTBOX_ATTEMPTS', async () => {
    const id = await enqueueOutboxMessage(test.db, { siteId, kind: 'mail', payload: {} });
    const w = worker(
      {
        mail: async () => {
          throw new Error('no connection');
        },
      },
      { retryBaseMs: 1 },
    );
    w.start();
    const failed = await until(async () => ((await row(id)).failed_at ? row(id) : undefined), 15_000);
    await w.stop();
    expect(failed.attempts).toBe(MAX_OUTBOX_ATTEMPTS);
    expect(failed.last_error).toBe('Error: no connection');
  });

  it('a kind without a sender here is left for a worker that has one', async () => {
    const id = await enqueueOutboxMessage(test.db, { siteId, kind: 'backchannel_logout', payload: {} });
    const w = worker({ mail: async () => undefined });
    w.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await w.stop();
    expect((await row(id)).attempts).toBe(0);
    await test.db.deleteFrom('outbox_messages').where('id', '=', id).execute();
  });

  it('two workers polling the same outbox send each message once (FOR UPDATE SKIP LOCKED)', async () => {
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, n) => enqueueOutboxMessage(test.db, { siteId, kind: 'mail', payload: { n } })),
    );
    const sent: string[] = [];
    const sender = async (message: OutboxMessage) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(message.id);
    };
    const workers = [worker({ mail: sender }), worker({ mail: sender })];
    for (const w of workers) w.start();
    await until(async () => {
      const left = await test.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('id', 'in', ids)
        .where('sent_at', 'is', null)
        .execute();
      return left.length === 0 ? true : undefined;
    });
    await Promise.all(workers.map((w) => w.stop()));
    expect(sent.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
  });

  it('a message committed through the watched handle wakes the worker before its poll interval', async () => {
    const wake = new WakeSignal();
    // As createServices watches it: the nudge comes once the message is committed.
    const db = test.db.withPlugin(
      new TableWriteWatcher({}, { tables: { outbox_messages: wake.fire }, callbacks: commitCallbacksOf(test.db) }),
    );
    const sent: number[] = [];
    const w = createOutboxWorker({
      db,
      senders: { mail: async () => void sent.push(Date.now()) },
      wake,
      pollMs: 60_000,
      retryBaseMs: 10,
    });
    w.start();
    await new Promise((resolve) => setTimeout(resolve, 100)); // the first poll found nothing
    const enqueuedAt = Date.now();
    await enqueueOutboxMessage(db, { siteId, kind: 'mail', payload: {} });
    await until(async () => (sent.length > 0 ? true : undefined), 3_000);
    await w.stop();
    expect(sent[0]! - enqueuedAt).toBeLessThan(3_000);
  });
});

describe('the retry schedule', () => {
  it('doubles from the base with ±20 % jitter, and ends after MAX_OUTBOX_ATTEMPTS', () => {
    expect(outboxRetryDelayMs(1, 1000, 0.5)).toBe(1000);
    expect(outboxRetryDelayMs(2, 1000, 0.5)).toBe(2000);
    expect(outboxRetryDelayMs(3, 1000, 0)).toBe(3200);
    expect(outboxRetryDelayMs(3, 1000, 0.999)).toBeLessThanOrEqual(4800);
    expect(outboxRetryDelayMs(9, 1000, 0.5)).toBe(64_000);
    expect(outboxRetryDelayMs(MAX_OUTBOX_ATTEMPTS, 1000)).toBeNull();
  });
});
