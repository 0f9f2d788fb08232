import { defineConfig } from '@lingui/conf'

export default defineConfig({
  sourceLocale: 'zh-CN',
  locales: ['zh-CN', 'ja', 'en'],
  fallbackLocales: { default: 'zh-CN' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '<rootDir>/src/routeTree.gen.ts', '<rootDir>/src/sw/**'],
    },
  ],
  // `lingui compile --strict` is only a CI check for missing translations; the app imports .po files.
  compileNamespace: 'es',
})
