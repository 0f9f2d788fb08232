/// <reference types="vitest/config" />

import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { pwaManifest } from './pwa-manifest.ts'
import { buildOutputStep } from './vite-build-output.ts'
import { offlineShell } from './vite-offline-shell.ts'
import { precompressAssets } from './vite-precompress.ts'
import { firstLoadChunks } from './vite-preload-deps.ts'

const apiPort = process.env.DEV_API_PORT ?? '8787'
// The console: its route files' split chunks and its rooms' pages.
const BOOT_MODULE = /\/src\/boot\.tsx$/
const CONSOLE_MODULES = /\/src\/(routes\/ops[./]|features\/ops\/)/
const preloadDeps = firstLoadChunks(BOOT_MODULE, CONSOLE_MODULES)
// What the service worker precaches (the shopper's shell) and what it warms later (never the console).
const shell = offlineShell({
  bootModule: BOOT_MODULE,
  offlineViews: /\/src\/features\/shell\/offline\/offline-(page|badge)\.tsx$/,
  notWarmed: new RegExp(`${CONSOLE_MODULES.source}|/src/routes/sandbox-pay[./]`),
  // manifest.webmanifest: vite-plugin-pwa precaches it itself
  publicFiles: ['favicon.svg'],
})

/**
 * Marks a finished build with `.build-stamp` in its folder: `npm start` (scripts/start.ts) rebuilds
 * only when a source is newer than the stamp. Written last, so a build cut short leaves none.
 */
const buildStamp = () =>
  buildOutputStep('yoyaku-build-stamp', (outDir) =>
    writeFileSync(join(outDir, '.build-stamp'), `${new Date().toISOString()}\n`),
  )

export default defineConfig({
  plugins: [
    // must come before react(); generates src/routeTree.gen.ts from src/routes/
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // A page's loader and its components arrive together, in one chunk per page, only when the
        // page is visited; the pending skeleton stays with the route config, to show while it comes.
        defaultBehavior: [['loader', 'component', 'errorComponent', 'notFoundComponent']],
        // Pages a shopper reaches from inside the shop (their orders, payments, addresses, the console)
        // bring their skeleton with them: a route config's pieces are in every first load.
        splitBehavior: ({ routeId }) => {
          if (/^\/(order|ops|sandbox-pay|address-manage|cart\/list|userinfo|change-password)/.test(routeId)) {
            return [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']]
          }
          // The catalog's error view (CatalogLoadError) is in the first load already: a lazy reference
          // per page would only add to it. The search list has an error view of its own.
          if (routeId !== '/product-search/list') return [['loader', 'component', 'notFoundComponent']]
          return undefined
        },
      },
    }),
    react(),
    preloadDeps.plugin,
    shell.plugin,
    // plugin-react 6 no longer runs Babel, so the lingui macros get their own transform
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // the shell's public files are named in offlineShell; the install icons are the browser's to fetch
      includeManifestIcons: false,
      manifest: pwaManifest,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // the install dialog's screenshots and the shortcut icons are fetched by the browser itself
        globIgnores: ['**/node_modules/**/*', 'screenshots/**', 'shortcuts/**'],
        // of those, only the shell; the rest is cached when used or warmed (src/sw/page-code.ts)
        manifestTransforms: [shell.manifestTransform],
      },
      devOptions: { enabled: false },
      integration: {
        // The plugin precaches the manifest by itself; the browser fetches it only to offer the install
        // (online), and an installed app keeps its own copy: the shell's budget goes to what paints.
        beforeBuildServiceWorker(options) {
          const entries = options.injectManifest.additionalManifestEntries
          options.injectManifest.additionalManifestEntries = entries?.filter(
            (entry) => (typeof entry === 'string' ? entry : entry.url) !== options.manifestFilename,
          )
        },
      },
    }),
    precompressAssets(),
    buildStamp(),
  ],
  resolve: {
    // workbox-window's package.json sends bundlers to its ES5 build; its own primary build is the
    // same code for modern browsers (this build targets ES2023), 1 KB gzip smaller in the first load.
    alias: [{ find: /^workbox-window$/, replacement: 'workbox-window/build/workbox-window.prod.mjs' }],
  },
  build: {
    target: 'es2023',
    // every browser that runs this build (ES2023) knows modulepreload: no polyfill in the entry
    modulePreload: { polyfill: false, resolveDependencies: preloadDeps.resolveDependencies },
    rolldownOptions: {
      output: {
        // The route table in every first load names each chunk it may preload (about 90): a readable
        // name costs every visitor bytes (1.2 KB gzip in all), so chunks are named by a short hash only.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            // Every route's config (search schema, guard, loader) is needed by the router at start:
            // one chunk for all of them instead of a file each. Their components stay split.
            // The entry (main.tsx) needs only Vite's preload helper before the shell paints.
            { name: 'preload-helper', test: /vite\/preload-helper/, priority: 10 },
            { name: 'routes', test: /\/src\/routes\/[^?]*\.tsx$|\/src\/routeTree\.gen\.ts$/ },
            // Small pieces most pages show (cards, prices, icons, dialogs) travel in one file rather
            // than a dozen, so no page needs more than a few requests.
            {
              name: 'catalog-ui',
              test: /\/src\/(components\/ui\/(modal-dialog|focus-trap|hover-tooltip|href-link|pagination|page-heading)|features\/shell\/components\/(icons|logo|language-switch|category-select|product-type-select)|features\/catalog\/(use-document-title|components\/(product-card|product-image|price-slot|product-type-badge|product-list-page|card-add-to-cart|favourite-toggle|lazy-notify-me|catalog-load-error)|search-link|use-page-href|use-price-viewer|use-login-href|order-quantity|cart-snapshot|api\/toggle-favourite|routing\/load-failure)|features\/favourites\/api\/set-favourite|features\/shell\/install\/(install-app-button|use-install-prompt)|domain\/validation-messages|features\/cart\/use-add-to-cart|lib\/use-language|features\/content\/components\/rich-text|domain\/(price-display|dates|catalog|media|badges|list-queries|tiers|fields|cart|order-status-codes|status-flow|localized|ratio))\.tsx?$|\/@tanstack\/react-router\//,
              includeDependenciesRecursively: false,
            },
            // Everything a product page adds to the first load, in one file.
            {
              name: 'product-detail',
              test: /\/src\/(features\/catalog\/(components\/(product-detail-page|product-gallery|add-to-cart-form|product-not-found)|routing\/(load-product-detail|product-detail-lazy)|api\/get-product-details)|components\/ui\/(form-field|quantity-stepper)|domain\/pricing)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // Restock alerts (the product page's button, favourites, the account page): one file, so
            // the pages that use them each name one chunk more, not two.
            { name: 'alerts', test: /\/src\/features\/alerts\// },
            // The release calendar's page, filters and feed panel: one file for its route to name.
            { name: 'calendar', test: /\/src\/features\/calendar\/|\/src\/routes\/calendar\.tsx\?tsr-split/ },
            // The session's machine and xstate: at start with a stored token, else on the first sign-in.
            {
              name: 'session',
              test: /\/node_modules\/xstate\/|\/machines\/session\/|\/src\/features\/account\/session\/(create-session|cart-link)\.ts$/,
              // only these: what they share with the first load (storage, messages) stays out of it
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/media': `http://127.0.0.1:${apiPort}` } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/features/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/features/setup.ts'],
          // room for findBy/waitFor's 5 s (setup.ts) on a loaded machine
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/domain/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          // one PGlite per file; two cores, so keep file parallelism modest
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The server's log lines (server/observability/log.ts) are quiet in tests unless asked for.
          env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
        },
      },
      {
        test: {
          name: 'resilience',
          environment: 'node',
          include: ['tests/resilience/**/*.test.ts'],
          // the suites start servers and databases of their own: one file at a time
          maxWorkers: 1,
          testTimeout: 600_000,
          hookTimeout: 120_000,
          env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
        },
      },
    ],
  },
})
