import { defineConfig } from 'vitest/config';

// The fault suite (`npm run test:faults`): each *.fault.test.ts starts its own local cloud on a fresh
// DATA_DIR, injects a real fault into it (a killed DynamoDB Local, a provider answering 5xx or hanging up, a
// failing consumer, a SIGKILLed `npm start`, a reverse proxy in front of `npm run serve`) and checks the promise it
// is named after. Three files run at a time on 2 cores, each with a whole local cloud of its own: most of a file's
// time is waiting (a provider's deadline, a restart), which the other files' work fills. `npm test` runs this suite
// beside the browser suite, whose waits leave room for it too.
export default defineConfig({
  test: {
    name: 'faults',
    include: ['infra/**/*.fault.test.ts', 'lambdas/**/*.fault.test.ts', 'engines/**/*.fault.test.ts'],
    exclude: ['**/node_modules/**', '**/.tsbuild/**'],
    environment: 'node',
    // Node 20 is the documented local runtime; the AWS SDK's reminder about 22 would only clutter the output.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    maxWorkers: 3,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
