// docs/security.md "Private files": folders 0700 and files 0600, corrected without following links, and never
// taken from another account.
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTreePrivate, NotPrivate, privateModeOf } from './private-files.ts';

const modeOf = (entry: string) => lstatSync(entry).mode & 0o777;
const made: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'private-files-unit-'));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('private files (docs/security.md "Private files")', () => {
  it("drops every right of the group and of others, keeping the owner's", () => {
    expect(privateModeOf(0o100666)).toBe(0o100600);
    expect(privateModeOf(0o40755)).toBe(0o40700);
    expect(privateModeOf(0o100400)).toBe(0o100400);
  });

  it('creates a missing folder 0700', () => {
    const dir = path.join(scratch(), 'a', 'b');
    expect(makeTreePrivate(dir)).toEqual({ exposed: false, corrected: 0 });
    expect(modeOf(dir)).toBe(0o700);
  });

  it('narrows a wide tree and says it was open to others; a second pass finds nothing', () => {
    const dir = scratch();
    chmodSync(dir, 0o755);
    mkdirSync(path.join(dir, 'inner'), { mode: 0o777 });
    chmodSync(path.join(dir, 'inner'), 0o777);
    writeFileSync(path.join(dir, 'inner', 'secret'), 'x');
    chmodSync(path.join(dir, 'inner', 'secret'), 0o666);
    writeFileSync(path.join(dir, 'own'), 'x');
    chmodSync(path.join(dir, 'own'), 0o600);
    expect(makeTreePrivate(dir)).toEqual({ exposed: true, corrected: 3 });
    expect([modeOf(dir), modeOf(path.join(dir, 'inner')), modeOf(path.join(dir, 'inner', 'secret'))]).toEqual([
      0o700, 0o700, 0o600,
    ]);
    expect(makeTreePrivate(dir)).toEqual({ exposed: false, corrected: 0 });
  });

  it('does not follow a symbolic link out of the tree', () => {
    const dir = scratch();
    const outside = scratch();
    writeFileSync(path.join(outside, 'theirs'), 'x');
    chmodSync(path.join(outside, 'theirs'), 0o644);
    symlinkSync(path.join(outside, 'theirs'), path.join(dir, 'link'));
    symlinkSync(outside, path.join(dir, 'folder-link'));
    makeTreePrivate(dir);
    expect(modeOf(path.join(outside, 'theirs'))).toBe(0o644);
  });

  it.skipIf(process.getuid?.() !== 0)("refuses another account's folder, and its wide file inside ours", () => {
    const theirs = scratch();
    chownSync(theirs, 65534, 65534);
    chmodSync(theirs, 0o700);
    expect(() => makeTreePrivate(theirs)).toThrow(NotPrivate);

    const ours = scratch();
    writeFileSync(path.join(ours, 'foreign'), 'x');
    chownSync(path.join(ours, 'foreign'), 65534, 65534);
    chmodSync(path.join(ours, 'foreign'), 0o644);
    expect(() => makeTreePrivate(ours)).toThrow(/foreign \(mode 0644\) belongs to uid 65534/);
    expect(modeOf(path.join(ours, 'foreign'))).toBe(0o644);
  });
});
