/// <reference types="vitest/config" />

import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const apiPort = process.env.DEV_API_PORT ?? '8787'

export default defineConfig({
  plugins: [
    // must come before react(); generates src/routeTree.gen.ts from src/routes/
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    // plugin-react 6 no longer runs Babel, so the lingui macros get their own transform
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        id: '/',
        name: 'Yoyaku 予約',
        short_name: 'Yoyaku',
        description: 'Pre-order anime goods and collectibles from Japan',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1e3a8a',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2023',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every route's config (search schema, guard, loader) is needed by the router at start:
            // one chunk for all of them instead of a file each. Their components stay split.
            { name: 'routes', test: /\/src\/routes\/[^?]*\.tsx$|\/src\/routeTree\.gen\.ts$/ },
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
        },
      },
    ],
  },
})
