import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Unit files that change what other files' modules see: the composition root's registry and environment
 * (providers.test.ts), and the awslambda global that handler modules read when they load (the files that install
 * the shim). They run isolated ('unit-isolated'); the rest of the unit files share their workers' modules.
 */
const MODULE_STATE_TESTS = [
  'lambdas/providers.test.ts',
  'lambdas/functions/handlers.test.ts',
  'lambdas/http/dependency-failure.test.ts',
  'lambdas/http/route-factory.test.ts',
  'infra/local/lambda-runtime.test.ts',
];
/** The only files that load the speech model (Moonshine and Silero on onnx): the 'speech' project. */
const SPEECH_MODEL_TESTS = ['engines/speech/live-session.test.ts'];
const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/.tsbuild/**'];

// The projects, how they are split and why: docs/DESIGN.md §8. `npm run test:vitest` runs them all; e2e runs
// separately under Playwright, and the fault suite (*.fault.test.ts) under its own config,
// vitest.faults.config.ts (`npm run test:faults`).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, so one on a 2-core machine: the unit, cdk, speech and
    // frontend files are independent and CPU-bound, and two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'lambdas/**/*.test.ts',
            'engines/**/*.test.ts',
            'infra/**/*.test.ts',
          ],
          exclude: [
            '**/*.int.test.ts',
            '**/*.fault.test.ts',
            'infra/aws/**',
            ...SPEECH_MODEL_TESTS,
            ...MODULE_STATE_TESTS,
            ...ALWAYS_EXCLUDED,
          ],
          environment: 'node',
          // The files share their worker's modules instead of importing them again each (three times faster): no
          // file here mocks, stubs or changes what another reads (those are MODULE_STATE_TESTS).
          isolate: false,
          // Limits, never a figure a test asserts: espeak-ng's wasm, kuromoji's dictionary (kana.test.ts' beforeAll)
          // and the handler modules' first import take seconds on a loaded 2-core machine, where vitest's 5 s test
          // and 10 s hook limits failed them.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The CDK app's tests, unisolated: files that run in one worker share aws-cdk-lib and each synthesis
        // (infra/aws/testing/synth-wayfarer.ts keeps one per set of options), instead of loading and
        // synthesizing again per file. No file here mocks or changes what another reads.
        test: {
          name: 'cdk',
          include: ['infra/aws/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.fault.test.ts', ...ALWAYS_EXCLUDED],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: MODULE_STATE_TESTS,
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'speech',
          include: SPEECH_MODEL_TESTS,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['lambdas/**/*.int.test.ts', 'engines/**/*.int.test.ts', 'infra/**/*.int.test.ts'],
          exclude: ALWAYS_EXCLUDED,
          environment: 'node',
          globalSetup: ['infra/local/testing/global-setup.ts'],
          // One local cloud serves every file, two files at a time: each file makes its own accounts and items, and
          // much of a file's time is waiting on that cloud, which the other file's work fills.
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      ...(existsSync('frontend/vitest.config.ts') ? ['frontend/vitest.config.ts'] : []),
    ],
  },
});
