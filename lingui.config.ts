import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from '@lingui/conf'

/**
 * Parts only a signed-in member sees: a member's app loads every text from the start, so theirs wait
 * in the other texts instead of weighing on every visitor's first load. (Adding to the cart, its
 * messages included, is a member's too: src/features/cart stays out of the shell's texts.)
 */
const MEMBER_ONLY = [
  'src/features/content/components/customer-service-panel.tsx',
  'src/features/shell/components/desktop-member-actions.tsx',
]

/** A folder's source files but `except`, as catalog paths. */
const filesIn = (folder: string, except: string[]) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((file) => join(folder, file))
    .filter((file) => /\.tsx?$/.test(file) && !except.includes(file))
    .map((file) => `<rootDir>/${file}`)
const shellFilesIn = (folder: string) => filesIn(folder, MEMBER_ONLY)

/** Where the shell's texts are written: the shell, the catalog's pages and what they all share. */
const SHELL_TEXTS = [
  '<rootDir>/src/routes',
  '<rootDir>/src/components',
  '<rootDir>/src/domain',
  '<rootDir>/src/lib/api-client.ts',
  '<rootDir>/src/lib/toast.ts',
  // the shell's folders but tips/: the tips dialog (a signed-in customer's, loaded when it opens) has
  // its texts with the other texts
  ...shellFilesIn('src/features/shell/components'),
  '<rootDir>/src/features/shell/hooks',
  '<rootDir>/src/features/shell/install',
  '<rootDir>/src/features/shell/offline',
  '<rootDir>/src/features/shell/update',
  '<rootDir>/src/features/catalog',
  '<rootDir>/src/features/home',
  ...shellFilesIn('src/features/content'),
]

/**
 * Where the operator console's texts are written (its rooms; its route files hold none), but its
 * refusal of a customer: that shows before the console's loader has loaded them, so it is with the
 * other texts, which every page beyond the shell loads first.
 */
const CONSOLE_TEXTS = filesIn('src/features/ops', ['src/features/ops/components/ops-route-error.tsx'])

export default defineConfig({
  sourceLocale: 'zh-CN',
  locales: ['zh-CN', 'ja', 'en'],
  fallbackLocales: { default: 'zh-CN' },
  catalogs: [
    // The shell's and the catalog pages' texts, loaded first (src/lib/i18n.ts): a visitor's first
    // load carries these only.
    {
      path: '<rootDir>/src/locales/{locale}/shell',
      include: SHELL_TEXTS,
      exclude: ['**/node_modules/**', '<rootDir>/src/routeTree.gen.ts', '<rootDir>/src/sw/**'],
    },
    // The other texts of the shop (accounts, cart, orders, addresses, favourites …), loaded once a
    // page or a signed-in shopper needs them. A text used on both sides is in both.
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        '**/node_modules/**',
        '<rootDir>/src/routeTree.gen.ts',
        '<rootDir>/src/sw/**',
        ...SHELL_TEXTS,
        ...CONSOLE_TEXTS,
      ],
    },
    // The operator console's texts, loaded by the console only: no shopper downloads them.
    {
      path: '<rootDir>/src/locales/{locale}/console',
      include: CONSOLE_TEXTS,
      exclude: ['**/node_modules/**'],
    },
  ],
  // `lingui compile --strict` is only a CI check for missing translations; the app imports .po files.
  compileNamespace: 'es',
})
