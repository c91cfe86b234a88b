// Test files share a worker's modules (vitest.config.ts: no isolation between files, which spares a
// process and an import of every helper per file). What a support module caches for one file, the
// next must not inherit: another file may have revoked those tokens since.
import { forgetTokens } from './tokens.ts';

forgetTokens();
