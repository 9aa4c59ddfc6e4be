import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type * as Constants from '@wayfarer/shared/constants';
import type * as ServerPaths from '@wayfarer/shared/api/server-paths';
import { createTheme } from '@aws-amplify/ui';
import { amplifyTheme } from './src/app/amplify-theme';

// Node 20 cannot import a workspace package's .ts file directly; Vite's module runner can.
const { module: constants } = await runnerImport<typeof Constants>('@wayfarer/shared/constants');
const { module: serverPaths } = await runnerImport<typeof ServerPaths>('@wayfarer/shared/api/server-paths');

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
// only (the dev server has none). The worker precaches the app shell, every lazy screen and the locale files, so
// the app opens with no connection. It never caches the API or the speech socket: those always go to the network.
// A new version installs in the background and waits: it takes over on the next visit, once every tab of the old
// one is closed, so a page never runs a mix of old and new files.
function installableApp() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: 'script-defer',
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
      globPatterns: ['**/*.{js,css,html,svg,png,json,woff2}'],
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
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
    },
  });
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
    amplifyThemeCss(),
    bundleLocales(),
    themeColorMeta(),
    installableApp(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
