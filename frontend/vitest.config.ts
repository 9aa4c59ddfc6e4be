import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The root vitest.config.ts lists this file as the 'frontend' project. Files run in Node; a file that needs a DOM
// says so on its first line with `// @vitest-environment jsdom` (docs/DESIGN.md §8), and only it pays for jsdom.
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'frontend',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // The limit on a test, never a figure it asserts: loading the language identifier or a lazy screen takes
    // seconds on a loaded machine.
    testTimeout: 20_000,
  },
});
