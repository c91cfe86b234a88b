// RFC 9111 5.2.2.5 no-store, said once: lib/no-store.ts names every reason a response is not stored,
// and no other file of src/ writes the header itself.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_STORE_REASONS, noStore, type NoStoreReason } from './no-store.ts';

const SRC = path.resolve(import.meta.dirname, '..');
const WRITES_NO_STORE = /Cache-Control['"]?\s*[:,]\s*['"]no-store/;
// The token, introspection and revocation handlers are changed on another branch; they move to
// noStore('token-response' / 'token-state') when it lands, and leave this list.
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('no-store, one rule (RFC 9111 5.2.2.5)', () => {
  it('every reason keeps the response out of caches', () => {
    for (const reason of Object.keys(NO_STORE_REASONS) as NoStoreReason[])
      expect(noStore(reason)['Cache-Control'], reason).toBe('no-store');
  });

  it('the token response also carries Pragma: no-cache (RFC 6749 5.1); other answers do not', () => {
    expect(noStore('token-response')).toEqual({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    expect(noStore('token-state')).toEqual({ 'Cache-Control': 'no-store' });
  });

  it('no file but lib/no-store.ts writes the header: every edge answers through noStore(reason)', () => {
    const offenders = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => file !== 'lib/no-store.ts')
      .filter((file) => WRITES_NO_STORE.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the check recognises a header written by hand (control)', () => {
    for (const line of ["{ 'Cache-Control': 'no-store' }", "res.setHeader('Cache-Control', 'no-store')"])
      expect(WRITES_NO_STORE.test(line), line).toBe(true);
    for (const line of ['`Cache-Control: no-store` comes from', "directives.has('no-store')"])
      expect(WRITES_NO_STORE.test(line), line).toBe(false);
  });
});
