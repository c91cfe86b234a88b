// Password hashing with scrypt (RFC 7914) from node:crypto: memory-hard, no native add-on.
// Stored form: scrypt$<N>$<r>$<p>$<salt b64url>$<key b64url>. The parameters travel with the
// hash, so they can be raised later and old hashes still verify.
//
// /auth.md "Request bounds" ("bounded concurrency, so sign-in bursts cannot exhaust memory"): each scrypt
// holds 32 MiB (128 * N * r) on one of libuv's four threadpool threads, which file and DNS work
// share, and a hash is CPU the event loop then lacks. At most HASH_CONCURRENCY run at once and
// at most HASH_QUEUE wait, each for at most HASH_MAX_WAIT_MS (p-limit); past either the caller
// gets PasswordHashingBusy (at once, or when its turn comes, unrun), which the sign-in form
// answers with 503 and Retry-After, instead of holding the request, its password and its memory
// in an unbounded queue.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const B64URL = /^[A-Za-z0-9_-]+$/;

// Verifying a login for an unknown e-mail runs against this hash (of a random password nobody
// knows), so that the answer takes as long as for a real account (no account enumeration).
const DUMMY_HASH = 'scrypt$32768$8$1$KhUtz_0dR1QgB3VL-ZHoHA$hkrzI_N9RFe5f97ruBcRvZMxeEGdt7B1APkpbyUgOa8';

/**
 * Hashes at once: one core is always left to the event loop (a 2-core machine hashes one at a
 * time: measured, two hashes at once there slowed every other request tenfold), and at most two,
 * which leaves two of libuv's four threads to file and DNS work (64 MiB of scrypt memory at most).
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Hashes waiting: at about 60 ms a hash, the last one waits one to two seconds. */
export const HASH_QUEUE = 32;
/**
 * A hash that waited longer than this is refused when its turn comes, without running: on a
 * loaded machine (hashes of half a second each) the count alone would let a burst wait ten seconds.
 */
export const HASH_MAX_WAIT_MS = 5_000;

/** Retry-After of a refusal: a second frees a queue of hashes of tens of milliseconds. */
export const HASH_RETRY_AFTER_SECONDS = 1;

/** The hashing queue is full: answer 503 with Retry-After (RFC 9110 15.6.4) rather than wait. */
export class PasswordHashingBusy extends Error {
  readonly retryAfterSeconds = HASH_RETRY_AFTER_SECONDS;
  constructor() {
    super('Too many password checks are under way; retry in a second.');
    this.name = 'PasswordHashingBusy';
  }
}

/**
 * Runs tasks `concurrency` at a time with at most `maxWaiting` queued: the next one is refused at
 * once, and one that waited more than `maxWaitMs` is refused when its turn comes, unrun.
 */
export function createHashQueue(concurrency: number, maxWaiting: number, maxWaitMs: number) {
  const limit = pLimit(concurrency);
  const saturated = () => limit.pendingCount >= maxWaiting;
  const run = <T>(task: () => Promise<T>): Promise<T> => {
    if (saturated()) return Promise.reject(new PasswordHashingBusy());
    const queuedAt = performance.now();
    return limit(() => (performance.now() - queuedAt > maxWaitMs ? Promise.reject(new PasswordHashingBusy()) : task()));
  };
  return Object.assign(run, { saturated });
}

// One queue for the process: the resource it guards (threadpool, memory) is the process's own.
const hashing = createHashQueue(HASH_CONCURRENCY, HASH_QUEUE, HASH_MAX_WAIT_MS);

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function derive(plain: string, salt: Buffer, keyLength: number, cost: { N: number; r: number; p: number }) {
  // scrypt needs about 128 * N * r bytes; Node's default maxmem (32 MiB) is just too small for
  // N = 2^15, r = 8, so allow twice the need.
  const options: ScryptOptions = { ...cost, maxmem: 2 * 128 * cost.N * cost.r };
  // NFC: the same password typed on different systems may arrive in different Unicode forms.
  const secret = Buffer.from(plain.normalize('NFC'), 'utf8');
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(secret, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, KEY_BYTES, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * True while the queue is full, so that the next check would be refused: a sign-in asks first and
 * refuses before any other work (database reads, throttle counts), shedding a burst cheaply.
 */
export function passwordChecksSaturated(): boolean {
  return hashing.saturated();
}

/** Parses a stored hash; null when it is not one we can (or should) verify. */
function parse(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  if (![n, r, p].every((v) => /^[1-9][0-9]{0,7}$/.test(v))) return null;
  if (!B64URL.test(salt) || !B64URL.test(key)) return null;
  const parsed = { N: Number(n), r: Number(r), p: Number(p) };
  // Bounds keep a corrupted or hostile stored value from costing unbounded memory or time.
  const powerOfTwo = (parsed.N & (parsed.N - 1)) === 0;
  if (!powerOfTwo || parsed.N < 2 || parsed.N > 2 ** 20 || parsed.r > 32 || parsed.p > 16) return null;
  const saltBytes = Buffer.from(salt, 'base64url');
  const keyBytes = Buffer.from(key, 'base64url');
  if (saltBytes.length < 8 || keyBytes.length < 16 || keyBytes.length > 64) return null;
  return { ...parsed, salt: saltBytes, key: keyBytes };
}

/**
 * True when plain matches stored; false for a wrong password or a malformed stored value.
 * Throws PasswordHashingBusy when the hashing queue is full (the same for every account).
 */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (parsed === null) return false;
  let key: Buffer;
  try {
    key = await derive(plain, parsed.salt, parsed.key.length, parsed);
  } catch (error) {
    if (error instanceof PasswordHashingBusy) throw error;
    return false;
  }
  return timingSafeEqual(key, parsed.key);
}

/** Spends the time of one verification and answers false: for sign-ins to unknown accounts. */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  await verifyPassword(plain, DUMMY_HASH);
  return false;
}
