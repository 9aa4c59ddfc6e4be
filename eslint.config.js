// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The frontend's features, read from the folder so the list cannot name one that does not exist or miss one.
const featureNames = readdirSync(new URL('./frontend/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Code below the areas (domain/, events/, http/, adapters/) never reaches up into an area.
const lambdasBelowAreas = {
  regex: '(^|/)functions/',
  message: 'lambdas/functions/<area> is a Lambda bundle: nothing below the areas imports from one.',
};

// The Lambdas reach an engine only through the port it implements, registered by the local cloud.
const lambdasNeverSeeEngines = {
  group: ['@wayfarer/engines', '@wayfarer/engines/*', '**/engines/**'],
  message:
    'lambdas/ never imports engines/: a Lambda reaches an engine only through its port (docs/DESIGN.md §3).',
};

const enginesNeverSeeAreas = {
  regex: '^@wayfarer/lambdas/functions/|(^|/)lambdas/functions/',
  message:
    'An engine never imports a Lambda area: what both need lives below the areas (lambdas/domain, shared/).',
};

const frontendOnlySeesShared = {
  group: ['@wayfarer/lambdas/*', '@wayfarer/infra/*', '**/lambdas/**', '**/infra/**'],
  message: 'The frontend may import only shared/ (docs/DESIGN.md §3).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      '**/cdk.out/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/out/**',
      '**/*.java',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      // `import { z }` makes esbuild keep all of zod and its locales (+443 KB per Lambda); the namespace form
      // lets it drop what is unused.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier",
          message: "Import zod as a namespace: `import * as z from 'zod'` (keeps Lambda bundles small).",
        },
      ],
    },
  },
  // docs/DESIGN.md §3: dependencies point one way. shared sees nothing; lambdas see shared; engines see lambdas
  // (below the areas) and shared; infra sees engines, lambdas and shared; nothing imports the frontend.
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@wayfarer/lambdas/*',
                '@wayfarer/infra/*',
                '@wayfarer/frontend/*',
                '../../lambdas/*',
                '../../infra/*',
                '../../frontend/*',
              ],
              message: 'shared/ depends on nothing else in the project (docs/DESIGN.md §3).',
            },
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process'],
              message: 'shared/ has no I/O (docs/DESIGN.md §3).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lambdas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@wayfarer/infra/*', '@wayfarer/frontend/*', '**/infra/**', '**/frontend/**'],
              message: 'lambdas/ may import only shared/ (docs/DESIGN.md §3).',
            },
            lambdasNeverSeeEngines,
            lambdasBelowAreas,
          ],
        },
      ],
    },
  },
  // An area is one Lambda bundle: it imports only from below it (domain/, events/, http/, adapters, ports),
  // never from another area, so no bundle carries a second area's code. Tests of a flow that spans two areas
  // (forgot-password, then the reset) are exempt.
  {
    files: ['lambdas/functions/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@aws-sdk/*', 'stripe', 'openai', '@deepgram/*'],
              message: 'Handlers and services see ports; SDK calls live in adapters (docs/DESIGN.md §3).',
            },
            {
              group: ['@wayfarer/infra/*', '@wayfarer/frontend/*'],
              message: 'lambdas/ may import only shared/ (docs/DESIGN.md §3).',
            },
            lambdasNeverSeeEngines,
            {
              regex: '^\\.\\./(?!\\.\\./)|(^|/)functions/',
              message:
                'An area imports only from below it, never another area: move shared logic to lambdas/domain/ or lambdas/events/.',
            },
          ],
        },
      ],
    },
  },
  // engines/ implement lambdas' ports and may use what lies below the areas (ports, config, adapters, domain);
  // never an area (a Lambda bundle), the local cloud or the frontend. A test may import an area to check the
  // engine against the code that calls it (the Stripe emulator against the billing service).
  {
    files: ['engines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@wayfarer/infra/*', '**/infra/**', '@wayfarer/frontend/*', '**/frontend/**'],
              message:
                'engines/ see lambdas/ and shared/ only; the local cloud (infra/local) registers them (docs/DESIGN.md §3).',
            },
            enginesNeverSeeAreas,
          ],
        },
      ],
    },
  },
  {
    files: ['engines/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@wayfarer/infra/*', '**/infra/**', '@wayfarer/frontend/*', '**/frontend/**'],
              message: 'engines/ see lambdas/ and shared/ only (docs/DESIGN.md §3).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['infra/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@wayfarer/frontend/*', '**/frontend/src/**'],
              message: 'Nothing imports from frontend (docs/DESIGN.md §3).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [frontendOnlySeesShared] }],
    },
  },
  // The browser tests' Node-side support starts servers as the benchmarks and the fault suite do: of infra/ it may
  // take the free-port helper and the served-app helper (infra/local/served-app.ts), and nothing else.
  {
    files: ['frontend/e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@wayfarer/lambdas/*', '**/lambdas/**'], message: frontendOnlySeesShared.message },
            { regex: '(^|/)infra/(?!local/(free-port|served-app)$)', message: frontendOnlySeesShared.message },
          ],
        },
      ],
    },
  },
  // Every spec's test is a traveller of its own, from an address of its own (frontend/e2e/support/traveller.ts).
  {
    files: ['frontend/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message:
                "Take `test` from './support/traveller': each test is a traveller with an address of its own.",
            },
          ],
          patterns: [
            { group: ['@wayfarer/lambdas/*', '**/lambdas/**'], message: frontendOnlySeesShared.message },
            { regex: '(^|/)infra/(?!local/free-port$)', message: frontendOnlySeesShared.message },
          ],
        },
      ],
    },
  },
  // No feature reaches into another feature's internals (docs/STYLE.md, after bulletproof-react): from inside
  // features/<name>/, a path that climbs into a sibling feature, or names one, is refused. Nor does a feature
  // import src/app, which composes the features: what they share lives in src/lib. A feature's tests may take
  // the app's pieces (its i18n options) to render a page as the app does; the later block wins for them.
  ...featureNames.flatMap((feature) => {
    const apart = [
      frontendOnlySeesShared,
      {
        regex: `(^|/)features/(?!${feature}/)[^/]+/|^(\\.\\./)+(?!${feature}/)(${featureNames.join('|')})(/|$)`,
        message: 'Features do not import each other; share through src/lib.',
      },
    ];
    const belowTheApp = {
      regex: '(^|/)src/app(/|$)|^(\\.\\./)+app(/|$)',
      message: 'A feature never imports src/app, which composes the features; share through src/lib.',
    };
    return [
      {
        files: [`frontend/src/features/${feature}/**/*.{ts,tsx}`],
        rules: { 'no-restricted-imports': ['error', { patterns: [...apart, belowTheApp] }] },
      },
      {
        files: [`frontend/src/features/${feature}/**/*.test.{ts,tsx}`],
        rules: { 'no-restricted-imports': ['error', { patterns: apart }] },
      },
    ];
  }),
);
