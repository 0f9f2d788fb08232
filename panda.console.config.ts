import { defineConfig } from '@pandacss/dev'
import shop from './panda.config.ts'

/**
 * The console's stylesheet (scripts/console-css.ts): every class of the app, the console's included,
 * loaded with the console's chunk. The shopper's stylesheet (panda.config.ts) leaves the console out.
 */
export default defineConfig({ ...shop, exclude: ['./src/sw/**'] })
