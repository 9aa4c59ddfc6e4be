import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests, integration tests against the real local servers, and the frontend's
// component tests in jsdom. `npm test` runs all three; e2e runs separately under Playwright, and the fault
// suite (*.fault.test.ts) under its own config, vitest.faults.config.ts (`npm run test:faults`).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'lambdas/**/*.test.ts', 'engines/**/*.test.ts', 'infra/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.fault.test.ts', '**/node_modules/**', '**/.tsbuild/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['lambdas/**/*.int.test.ts', 'engines/**/*.int.test.ts', 'infra/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', '**/.tsbuild/**'],
          environment: 'node',
          globalSetup: ['infra/local/testing/global-setup.ts'],
          // One local cloud serves every file; files run one at a time so they do not contend for 2 cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      ...(existsSync('frontend/vitest.config.ts') ? ['frontend/vitest.config.ts'] : []),
    ],
  },
});
