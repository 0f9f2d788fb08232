import type { Plugin } from 'vite'
import type { ManifestTransform } from 'workbox-build'

/** Where the build writes what the service worker warms and which files each page needs. */
export const OFFLINE_PAGES_FILE = 'offline-pages.json'

/**
 * What `offline-pages.json` holds: the shopper's chunks the worker fetches in the background once the
 * network is idle (`warm`), and, per route file (its name without `.tsx`, e.g. `cart.list`), the
 * files its page needs beyond the shell, so the page can tell which pages open offline.
 */
export interface OfflinePagesFile {
  warm: string[]
  pages: Record<string, string[]>
}

interface Options {
  /** The app's code the entry always imports (its chunk and imports are in the shell). */
  bootModule: RegExp
  /** The offline page and the offline indicator's badge: in the shell, they are what shows offline. */
  offlineViews: RegExp
  /** Pages never warmed: the operator console's and the payment sandbox's. */
  notWarmed: RegExp
  /** Files of the public folder the shell needs (the rest are fetched by the browser when used). */
  publicFiles: string[]
}

interface ChunkFacts {
  imports: string[]
  dynamicImports: string[]
  css: string[]
  facade: string
  modules: string[]
  isEntry: boolean
}

const ROUTE_FILE = /\/src\/routes\/([^/?]+)\.tsx\?tsr-split/

/**
 * Splits the build's files in three for the service worker:
 * - the shell, precached at install: index.html, the entry and everything it imports, the app's code
 *   (`bootModule`) and its imports, their stylesheet, the offline views and a few public files;
 * - the shopper's other chunks, listed in `offline-pages.json` to be warmed in the background;
 * - the console's and the sandbox's chunks, cached only when an operator opens them.
 *
 * `manifestTransform` goes into vite-plugin-pwa's `injectManifest.manifestTransforms`: it runs after
 * the bundle is written, so the plugin's `generateBundle` has learnt the chunks by then.
 */
export function offlineShell(options: Options): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let shell = new Set<string>()
  return {
    plugin: {
      name: 'yoyaku:offline-shell',
      apply: 'build',
      generateBundle: {
        order: 'post',
        handler(_options, bundle) {
          const chunks = new Map<string, ChunkFacts>()
          for (const output of Object.values(bundle)) {
            if (output.type !== 'chunk') continue
            chunks.set(output.fileName, {
              imports: output.imports,
              dynamicImports: output.dynamicImports,
              css: [...(output.viteMetadata?.importedCss ?? [])],
              facade: output.facadeModuleId ?? '',
              modules: output.moduleIds,
              isEntry: output.isEntry,
            })
          }
          // vite-plugin-pwa builds the worker as a second bundle: only the app's has an entry page
          if (!('index.html' in bundle)) return

          /** A chunk and every chunk it imports statically, with their stylesheets. */
          const staticClosure = (roots: string[]): Set<string> => {
            const seen = new Set<string>()
            const visit = (file: string) => {
              const chunk = chunks.get(file)
              if (seen.has(file) || !chunk) return
              seen.add(file)
              for (const css of chunk.css) seen.add(css)
              for (const imported of chunk.imports) visit(imported)
            }
            for (const root of roots) visit(root)
            return seen
          }
          const rootsWhere = (test: (chunk: ChunkFacts) => boolean) =>
            [...chunks].filter(([, chunk]) => test(chunk)).map(([file]) => file)

          const shellFiles = staticClosure(
            rootsWhere(
              (chunk) =>
                chunk.isEntry ||
                options.bootModule.test(chunk.facade) ||
                // the offline views share chunks with each other: not always a facade
                chunk.modules.some((id) => options.offlineViews.test(id)),
            ),
          )

          // Everything a shopper can reach, stopping at the console's and the sandbox's pages.
          const reachable = new Set<string>()
          const walk = (file: string) => {
            const chunk = chunks.get(file)
            if (reachable.has(file) || !chunk || options.notWarmed.test(chunk.facade)) return
            reachable.add(file)
            for (const css of chunk.css) reachable.add(css)
            for (const imported of [...chunk.imports, ...chunk.dynamicImports]) walk(imported)
          }
          for (const entry of rootsWhere((chunk) => chunk.isEntry)) walk(entry)

          const pages: Record<string, string[]> = {}
          for (const [file, chunk] of chunks) {
            const route = ROUTE_FILE.exec(chunk.facade)?.[1]
            if (!route || !reachable.has(file)) continue
            const needs = [...staticClosure([file])].filter((needed) => !shellFiles.has(needed))
            pages[route] = [...new Set([...(pages[route] ?? []), ...needs])].map((name) => `/${name}`)
          }
          const warm = [...reachable].filter((file) => !shellFiles.has(file)).map((name) => `/${name}`)
          const file: OfflinePagesFile = { warm: warm.sort(), pages }
          this.emitFile({ type: 'asset', fileName: OFFLINE_PAGES_FILE, source: JSON.stringify(file) })
          shell = new Set([...shellFiles, 'index.html', ...options.publicFiles])
        },
      },
    },
    manifestTransform: async (entries) => {
      if (shell.size === 0) throw new Error('offline shell: the app bundle was not seen before the worker')
      const manifest = entries.filter((entry) => shell.has(entry.url))
      const missing = [...shell].filter((file) => !manifest.some((entry) => entry.url === file))
      if (missing.length > 0)
        throw new Error(`offline shell: not in the precache glob: ${missing.join(', ')}`)
      return { manifest, warnings: [] }
    },
  }
}
