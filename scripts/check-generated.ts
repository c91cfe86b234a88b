// `npm run generate:check` (CI): regenerates into a scratch folder and fails when generated/
// differs, so nobody can hand-edit generated code or forget to regenerate after a spec change.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const scratch = await mkdtemp(path.join(os.tmpdir(), 'generated-'));
try {
  execFileSync(process.execPath, ['scripts/generate.ts', path.join(scratch, 'generated')], { stdio: 'inherit' });
  try {
    execFileSync('diff', ['-r', '-u', 'generated', path.join(scratch, 'generated')], { stdio: 'inherit' });
  } catch {
    console.error('generated/ is stale or was edited by hand: run `npm run generate` and commit the result.');
    process.exitCode = 1;
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
