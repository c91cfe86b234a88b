// Two projects: `unit` tests sit next to the code they test; `contract` tests drive a running
// server over HTTP, as its users do (a server they start, or CONTRACT_BASE_URL).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default', 'junit'] : ['default'],
    outputFile: { junit: 'contract-tests/reports/junit.xml' },
    projects: [
      {
        test: {
          name: 'unit',
          // The inventory check reads files only; it needs no server.
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'contract-tests/inventory.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['contract-tests/**/*.test.ts'],
          exclude: ['contract-tests/inventory.test.ts'],
          globalSetup: ['contract-tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
