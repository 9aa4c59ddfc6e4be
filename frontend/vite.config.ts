import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type * as UiConstants from './src/lib/ui-constants';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type * as ShellSkeletonModule from './src/app/shell-skeleton';
import type * as StaticFirstScreenModule from './src/app/static-first-screen';
import type * as FirstScreenBootModule from './src/app/first-screen-boot';
import type * as StartAfterFirstPaintModule from './src/app/start-after-first-paint';
import type * as I18nOptionsModule from './src/app/i18n-options';
import type * as LanguageDetectorModule from './src/app/language-detector';
import type * as PseudoLocaleModule from './src/lib/pseudo-locale';
import type * as ServiceWorkerCachingModule from './src/app/service-worker-caching';
import type * as ServerPaths from '@wayfarer/shared/api/server-paths';
import type * as RouteTable from '@wayfarer/shared/api/route-table';
import type * as Pages from '@wayfarer/shared/api/pages';
import { createTheme } from '@aws-amplify/ui';
import { amplifyTheme } from './src/app/amplify-theme';

// Node 20 cannot import a workspace package's .ts file directly; Vite's module runner can.
const { module: constants } = await runnerImport<typeof UiConstants>('./src/lib/ui-constants.ts');
const { module: serverPaths } = await runnerImport<typeof ServerPaths>('@wayfarer/shared/api/server-paths');
const { module: routes } = await runnerImport<typeof RouteTable>('@wayfarer/shared/api/route-table');
const { module: pages } = await runnerImport<typeof Pages>('@wayfarer/shared/api/pages');

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));

// `npm start` serves everything on this port; the dev server forwards what it does not own there.
const localCloud = 'http://localhost:8787';

// index.html's pre-paint theme script cannot import modules, so the values it needs are written into it here
// from the one place they are defined.
function themeBootValues(): Plugin {
  const values: Record<string, unknown> = {
    __WAYFARER_DEFAULT_THEME__: constants.DEFAULT_THEME,
    __WAYFARER_THEME_STORAGE_KEY__: constants.LOCAL_STORAGE_KEYS.theme,
    __WAYFARER_THEMES__: constants.THEMES,
    __WAYFARER_AMPLIFY_THEME__: amplifyTheme.name,
  };
  return {
    name: 'wayfarer-theme-boot-values',
    transformIndexHtml: (html) =>
      Object.entries(values).reduce(
        (text, [name, value]) => text.replaceAll(name, JSON.stringify(value)),
        html,
      ),
  };
}

// The first screen's outline (src/app/shell-skeleton.tsx) rendered into index.html's #root, so the browser paints it
// from the HTML and the stylesheet alone, before any script has arrived; React replaces it with the same markup. After
// #root, an inline script (src/app/first-screen-boot.ts) puts in, on `/`, the home screen's top in the language
// i18next will pick, made here from locales/ (src/app/static-first-screen.tsx): the title, the largest paint, then
// comes from the HTML too (docs/DESIGN.md §8, first paint). CloudFront's Content-Security-Policy allows it by its hash
// (infra/aws/constructs/security-headers.ts, from the built index.html).
const { module: shellSkeleton } = await runnerImport<typeof ShellSkeletonModule>(
  './src/app/shell-skeleton.tsx',
);
// The components' stylesheets are the build's business, not this render's: each CSS import is an empty module here.
const CSS_STUB = '\0build-time-css-stub';
const { module: staticFirstScreen } = await runnerImport<typeof StaticFirstScreenModule>(
  './src/app/static-first-screen.tsx',
  {
    plugins: [
      {
        name: 'wayfarer-css-stub',
        enforce: 'pre',
        resolveId: (source) => (source.endsWith('.css') ? CSS_STUB : undefined),
        load: (id) => (id === CSS_STUB ? 'export {};' : undefined),
      },
    ],
  },
);
const { module: firstScreenBoot } = await runnerImport<typeof FirstScreenBootModule>(
  './src/app/first-screen-boot.ts',
);
const { module: i18nOptions } = await runnerImport<typeof I18nOptionsModule>('./src/app/i18n-options.ts');
const { module: languageDetector } = await runnerImport<typeof LanguageDetectorModule>(
  './src/app/language-detector.ts',
);
/** locales/<language>/translation.json of a supported language; the build stops, naming it, when it is missing. */
function supportedLocale(language: string): Record<string, unknown> {
  const file = path.join(frontendRoot, '..', 'locales', language, 'translation.json');
  if (!existsSync(file))
    throw new Error(
      `SUPPORTED_UI_LANGUAGES has ${language}, but locales/${language}/translation.json is missing`,
    );
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

function firstScreenSkeleton(): Plugin {
  const markup = renderToStaticMarkup(
    createElement(shellSkeleton.ShellSkeleton, null, createElement(shellSkeleton.HomeSkeleton)),
  );
  const detection = i18nOptions.detectionOptions;
  const boot: FirstScreenBootModule.FirstScreenBoot = {
    order: detection.order,
    lookupQuerystring: detection.lookupQuerystring,
    lookupCookie: detection.lookupCookie,
    lookupLocalStorage: detection.lookupLocalStorage,
    lookupSessionStorage: detection.lookupSessionStorage ?? languageDetector.DEFAULT_SESSION_STORAGE_KEY,
    supported: constants.SUPPORTED_UI_LANGUAGES,
    rightToLeft: constants.RIGHT_TO_LEFT_UI_LANGUAGES,
    heroDismissedKey: constants.LOCAL_STORAGE_KEYS.heroDismissed,
    homePath: pages.PAGES.home,
    screens: Object.fromEntries(
      constants.SUPPORTED_UI_LANGUAGES.map((language) => [
        language,
        staticFirstScreen.renderStaticFirstScreen(language, supportedLocale(language)),
      ]),
    ),
  };
  // `<` escaped, so no string in it can close the script element.
  const bootScript = `(${firstScreenBoot.bootFirstScreen.toString()})(${JSON.stringify(boot).replace(/</g, '\\u003c')});`;
  return {
    name: 'wayfarer-first-screen-skeleton',
    transformIndexHtml: (html) => {
      const empty = '<div id="root"></div>';
      if (!html.includes(empty)) throw new Error('index.html has no empty <div id="root"></div>');
      return html.replace(empty, `<div id="root">${markup}</div>\n    <script>${bootScript}</script>`);
    },
  };
}

// The entry chunk is fetched from the start but run only once index.html's first screen is painted
// (src/app/start-after-first-paint.ts): Vite's module script becomes a modulepreload, and an inline script at the end
// of <body> adds the module script after the first contentful paint. Build only: the dev server's entry stays as it is.
const { module: startAfterFirstPaint } = await runnerImport<typeof StartAfterFirstPaintModule>(
  './src/app/start-after-first-paint.ts',
);
function entryAfterFirstPaint(): Plugin {
  const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
  return {
    name: 'wayfarer-entry-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const entries = [...html.matchAll(entryScript)];
        const entry = entries[0]?.[1];
        if (entries.length !== 1 || !entry)
          throw new Error(`index.html: expected one entry module script, found ${entries.length}`);
        const loader = `(${startAfterFirstPaint.startAfterFirstPaint.toString()})(${JSON.stringify(entry)});`;
        if (!html.includes('</body>')) throw new Error('index.html has no </body>');
        return html
          .replace(entryScript, `<link rel="modulepreload" crossorigin href="${entry}">`)
          .replace('</body>', `  <script>${loader}</script>\n  </body>`);
      },
    },
  };
}

// On `/`, GET /api/capabilities (the voice screen's card waits for its answer; docs/DESIGN.md §8, first paint) starts
// with the page instead of once the home screen's code has run: a preload the app's own plain fetch of it then takes.
// A script rather than a <link>, so other pages do not ask for it.
function capabilitiesPreload(): Plugin {
  const capabilities = routes.routeTable.find((route) => route.id === 'capabilities.list');
  if (capabilities?.auth !== 'none')
    throw new Error('GET /api/capabilities is no longer a call without a session');
  const script = `
      (function () {
        if (window.location.pathname !== ${JSON.stringify(pages.PAGES.home)}) return;
        var link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'fetch';
        link.crossOrigin = 'anonymous';
        link.href = ${JSON.stringify(capabilities.path)};
        document.head.appendChild(link);
      })();
    `;
  return {
    name: 'wayfarer-capabilities-preload',
    transformIndexHtml: () => [{ tag: 'script', children: script, injectTo: 'head' as const }],
  };
}

// Amplify's theme as static CSS (see src/app/amplify-theme.ts for why). Only the design tokens go in: the
// per-component tokens (--amplify-components-*) style Amplify's primitives, which `/` does not use; a screen
// that adopts a primitive should import that primitive's tokens with it.
const AMPLIFY_THEME_MODULE = 'virtual:amplify-theme.css';
function amplifyThemeCss(): Plugin {
  const resolvedId = `\0${AMPLIFY_THEME_MODULE}`;
  return {
    name: 'wayfarer-amplify-theme-css',
    resolveId: (id) => (id === AMPLIFY_THEME_MODULE ? resolvedId : undefined),
    load: (id) =>
      id === resolvedId
        ? createTheme(amplifyTheme)
            .cssText.split('\n')
            .filter((line) => !line.trimStart().startsWith('--amplify-components-'))
            .join('\n')
        : undefined,
  };
}

// The pseudo-locale (src/lib/pseudo-locale.ts) on the dev server: GET /locales/qps/translation.json, made from
// locales/en at each request, so `?lng=qps` shows every screen accented and 40% longer while developing.
const { module: pseudoLocale } = await runnerImport<typeof PseudoLocaleModule>('./src/lib/pseudo-locale.ts');
function pseudoLocaleOnDevServer(): Plugin {
  const url = constants.LOCALE_LOAD_PATH.replace('{{lng}}', constants.PSEUDO_LANGUAGE).replace(
    '{{ns}}',
    'translation',
  );
  return {
    name: 'wayfarer-pseudo-locale',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== url) return next();
        const english = JSON.parse(
          readFileSync(path.join(frontendRoot, '..', 'locales', 'en', 'translation.json'), 'utf8'),
        ) as Record<string, string>;
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.end(JSON.stringify(pseudoLocale.pseudoTranslation(english)));
      });
    },
  };
}

// The locale files live in the repository's locales/ (one source for the app and the local cloud). A copy goes
// into the build so that whatever hosts dist/ (S3 behind CloudFront, `vite preview`) also answers
// GET /locales/{lng}/{ns}.json.
function bundleLocales(): Plugin {
  const localesRoot = path.join(frontendRoot, '..', 'locales');
  return {
    name: 'wayfarer-bundle-locales',
    apply: 'build',
    generateBundle() {
      for (const entry of readdirSync(localesRoot, { recursive: true, encoding: 'utf8' })) {
        if (!entry.endsWith('.json')) continue;
        const source = readFileSync(path.join(localesRoot, entry), 'utf8');
        // Fails the build on a broken file instead of shipping it.
        JSON.parse(source);
        this.emitFile({
          type: 'asset',
          fileName: path.posix.join('locales', ...entry.split(path.sep)),
          source,
        });
      }
    },
  };
}

// The installable app (docs/DESIGN.md §8, Offline and installable): a manifest and a Workbox service worker, in production builds
// only (the dev server has none). The worker precaches the app shell, every lazy screen and the fallback language's
// locale file, and caches the traveller's interface language when it is first loaded (src/app/service-worker-caching.ts),
// so the app opens with no connection in that language. It never caches the API or the speech socket: those always
// go to the network. A new version installs in the background and waits: it takes over on the next visit, once every
// tab of the old one is closed, so a page never runs a mix of old and new files.
// The app registers it once the first screen is painted and the page has gone idle, so its precache does not
// compete with the first screen.
const { module: serviceWorkerCaching } = await runnerImport<typeof ServiceWorkerCachingModule>(
  './src/app/service-worker-caching.ts',
);
function installableApp() {
  return VitePWA({
    registerType: 'prompt',
    // Registered by the app once the first screen is painted and the page is idle (src/app/register-service-worker.ts).
    injectRegister: false,
    includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'Wayfarer',
      short_name: 'Wayfarer',
      description: 'Speak, see a live transcript, hear it translated, get an AI read of it.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: APP_THEME_COLORS.light,
      background_color: APP_THEME_COLORS.light,
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      globPatterns: [...serviceWorkerCaching.PRECACHE_GLOB_PATTERNS],
      // Nothing over 1 MiB: that is the two-way mode's language identifier (about 2 MB), which only serves speech
      // and so a connection; a traveller on mobile data should not download it just for visiting once.
      maximumFileSizeToCacheInBytes: 1024 * 1024,
      // Named, not just left over the size limit: the plugin fails a CI build over an asset it has to skip.
      globIgnores: ['**/static.medium-*.js'],
      navigateFallback: '/index.html',
      // Only the app's own pages get the app shell. Every folder a server owns (the route table's API, the local
      // cloud's /__local/ pages such as its checkout and portal, the speech socket, the locale files) goes to the
      // network: derived from the routes, never a hand list (shared/api/server-paths.ts).
      navigateFallbackDenylist: [...serverPaths.SERVER_PATH_PATTERNS],
      // Stale while revalidate, not cache first: a locale file's URL carries no version, so cache first would keep
      // a traveller on one release's strings for good. This answers from the cache at once (offline too) and
      // refreshes it behind: a changed string shows from the next load, and a key new in a release shows in the
      // fallback language, which is precached with the release, until then.
      runtimeCaching: [
        {
          urlPattern: serviceWorkerCaching.LOCALE_URL_PATTERN,
          handler: 'StaleWhileRevalidate' as const,
          options: {
            cacheName: serviceWorkerCaching.LOCALE_CACHE_NAME,
            expiration: { maxEntries: serviceWorkerCaching.LOCALE_CACHE_MAX_ENTRIES },
          },
        },
      ],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
    },
  });
}

// Brotli and gzip copies of every text file, made once here instead of at each request: the local server
// (infra/local/static-site.ts) sends the one the browser accepts; the S3 upload leaves them out, since CloudFront
// compresses on its own. Only what CloudFront compresses too (its size range and content types), so both
// paths send the same thing. Runs last, after the service worker is written.
const PRECOMPRESSED = /\.(html|js|mjs|css|json|map|txt|svg|ttf)$/;
const MIN_PRECOMPRESSED_BYTES = 1000;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'wayfarer-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true, encoding: 'utf8' })).filter((name) =>
          PRECOMPRESSED.test(name),
        );
        await Promise.all(
          files.map(async (name) => {
            const file = path.join(outDir, name);
            if ((await stat(file)).size < MIN_PRECOMPRESSED_BYTES) return;
            const source = await readFile(file);
            const [br, gz] = await Promise.all([
              brotliAsync(source, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipAsync(source, { level: zlib.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
        );
      },
    },
  };
}

// docs/DESIGN.md §8: the JavaScript `/` loads before anything runs (the entry and every chunk it imports
// statically, which index.html preloads), gzip -9, at most 120 KB (of 1,024 bytes, as the earlier figures there).
// The build fails above it.
const KB = 1024;
const INITIAL_JS_BUDGET_BYTES = 120 * KB;
function initialJsBudget(): Plugin {
  return {
    name: 'wayfarer-initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      // index.html is the build's one entry; its script is the one entry chunk.
      const entries = Object.values(bundle).filter((output) => output.type === 'chunk' && output.isEntry);
      const entry = entries[0];
      if (entries.length !== 1 || entry?.type !== 'chunk')
        return this.error(`initial JS budget: expected one entry chunk, found ${entries.length}`);
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (initial.has(fileName) || chunk?.type !== 'chunk') return;
        initial.add(fileName);
        chunk.imports.forEach(visit);
      };
      visit(entry.fileName);
      const bytes = [...initial].reduce((sum, fileName) => {
        const chunk = bundle[fileName];
        return sum + (chunk?.type === 'chunk' ? gzipSync(chunk.code, { level: 9 }).length : 0);
      }, 0);
      const figure = `initial JS for / is ${(bytes / KB).toFixed(1)} KB gzip (${bytes} bytes) in ${initial.size} files; budget ${INITIAL_JS_BUDGET_BYTES / KB} KB`;
      if (bytes > INITIAL_JS_BUDGET_BYTES) this.error(`${figure}: over budget (docs/DESIGN.md §8)`);
      this.info(figure);
    },
  };
}

// docs/DESIGN.md §8: index.html, with the first screen in every interface language, at most 8 KB as brotli (quality
// 11, what the server sends a browser). The build fails above it.
const INDEX_HTML_BUDGET_BYTES = 8 * KB;
function indexHtmlBudget(): Plugin {
  return {
    name: 'wayfarer-index-html-budget',
    apply: 'build',
    writeBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return this.error('index.html budget: the build wrote no index.html');
      const source = Buffer.from(html.source);
      const bytes = brotliCompressSync(source, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
      }).length;
      const figure = `index.html is ${(bytes / KB).toFixed(1)} KB brotli (${(source.length / KB).toFixed(1)} KB raw); budget ${INDEX_HTML_BUDGET_BYTES / KB} KB`;
      if (bytes > INDEX_HTML_BUDGET_BYTES) this.error(`${figure}: over budget (docs/DESIGN.md §8)`);
      this.info(figure);
    },
  };
}

/** The browser chrome's colour for each colour scheme: the page backgrounds of the light and dark themes. */
const APP_THEME_COLORS = { light: '#ffffff', dark: '#0d1a26' } as const;

function themeColorMeta(): Plugin {
  return {
    name: 'wayfarer-theme-color-meta',
    transformIndexHtml: () =>
      (['light', 'dark'] as const).map((scheme) => ({
        tag: 'meta',
        attrs: {
          name: 'theme-color',
          media: `(prefers-color-scheme: ${scheme})`,
          content: APP_THEME_COLORS[scheme],
        },
        injectTo: 'head' as const,
      })),
  };
}

export default defineConfig({
  root: frontendRoot,
  plugins: [
    react(),
    themeBootValues(),
    firstScreenSkeleton(),
    capabilitiesPreload(),
    entryAfterFirstPaint(),
    amplifyThemeCss(),
    bundleLocales(),
    pseudoLocaleOnDevServer(),
    themeColorMeta(),
    installableApp(),
    initialJsBudget(),
    indexHtmlBudget(),
    precompress(),
  ],
  resolve: {
    // react-i18next imports the useSyncExternalStore shim for React 17; React 19 has the hook itself, so `/`
    // need not carry the shim's fallback code (src/app/use-sync-external-store-shim.ts).
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: path.join(frontendRoot, 'src/app/use-sync-external-store-shim.ts'),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports (docs/DESIGN.md) knows <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What `/` loads before anything runs in one chunk beside the entry instead of nine small ones, which the
          // lazy screens import too: over HTTP/1.1 each is a request, and six a connection (docs/DESIGN.md §8).
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': localCloud,
      '/locales': localCloud,
      '/v1': { target: localCloud, ws: true },
    },
  },
  // The built app carries its own locales (bundleLocales), so `vite preview` forwards only the API.
  preview: {
    proxy: {
      '/api': localCloud,
      '/v1': { target: localCloud, ws: true },
    },
  },
});
