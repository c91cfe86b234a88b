import { describe, expect, it } from 'vitest';
import {
  createHashQueue,
  hashPassword,
  PasswordHashingBusy,
  verifyAgainstDummy,
  verifyPassword,
} from './password-hash.ts';

describe('password hashing (scrypt)', () => {
  it('verifies the password it hashed, in the documented format', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
  });

  it('rejects a wrong password', async () => {
    const stored = await hashPassword('demo-password');
    expect(await verifyPassword('demo-passwore', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash, so two hashes of one password differ', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('treats Unicode forms of one password alike (NFC)', async () => {
    const stored = await hashPassword('caf\u00e9');
    expect(await verifyPassword('cafe\u0301', stored)).toBe(true);
  });

  it('answers false, never throws, for a malformed stored value', async () => {
    const good = await hashPassword('pw');
    const [, , , , salt, key] = good.split('$');
    const malformed = [
      '',
      'plain-text-password',
      'bcrypt$2b$10$abcdefghijklmnopqrstuv',
      `scrypt$32768$8$1$${salt}`,
      `scrypt$32768$8$1$${salt}$${key}$extra`,
      `scrypt$32767$8$1$${salt}$${key}`, // N not a power of two
      `scrypt$${2 ** 24}$8$1$${salt}$${key}`, // would cost gigabytes
      `scrypt$32768$8$1$not*base64$${key}`,
      `scrypt$32768$8$1$${salt}$AAAA`, // key too short
      `scrypt$-1$8$1$${salt}$${key}`,
    ];
    for (const stored of malformed) {
      await expect(verifyPassword('pw', stored), stored).resolves.toBe(false);
    }
  });

  it('verifyAgainstDummy takes a verification and answers false', async () => {
    expect(await verifyAgainstDummy('demo-password')).toBe(false);
  });

  it('runs at most `concurrency` tasks at once, queues `maxWaiting`, and refuses the next at once', async () => {
    const run = createHashQueue(2, 3, 60_000);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      new Promise<string>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        releases.push(() => {
          running -= 1;
          resolve('done');
        });
      });
    expect(run.saturated()).toBe(false);
    const accepted = Array.from({ length: 5 }, () => run(task));
    expect(run.saturated()).toBe(true);
    await expect(run(task)).rejects.toBeInstanceOf(PasswordHashingBusy);
    await expect(run(task)).rejects.toMatchObject({ retryAfterSeconds: 1 });
    // Release every running task until all five have run: never more than two at once.
    while (releases.length) {
      await new Promise((r) => setTimeout(r, 0));
      releases.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all(accepted)).toEqual(Array(5).fill('done'));
    expect(most).toBe(2);
    expect(run.saturated()).toBe(false);
    // Drained: the queue takes work again.
    const again = run(async () => 'again');
    expect(await again).toBe('again');
  });

  it('refuses a task that waited longer than `maxWaitMs` when its turn comes, without running it', async () => {
    const run = createHashQueue(1, 10, 30);
    let ran = 0;
    const slow = run(() => new Promise<void>((resolve) => setTimeout(() => resolve(void (ran += 1)), 80)));
    const late = run(async () => void (ran += 1));
    await expect(late).rejects.toBeInstanceOf(PasswordHashingBusy);
    await slow;
    expect(ran).toBe(1);
    await run(async () => void (ran += 1));
    expect(ran).toBe(2);
  });
});
