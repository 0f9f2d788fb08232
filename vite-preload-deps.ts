import type { Plugin } from 'vite'

/**
 * Vite gives every lazy import a list of chunks to preload beside it, and the route configs (one
 * chunk, in every first load) hold several lazy imports per page, so their lists weigh on every first
 * visit. Most entries name chunks every page has loaded before any of those imports can run: the
 * entry's static imports and those of the app's code (`bootModule`), which the entry always imports.
 * This drops them from the lists of every chunk but the entry (whose import of the app's code keeps
 * its list, so its pieces load side by side), and drops a list left naming only the imported chunk,
 * which `import()` fetches anyway. Stylesheets never pass through here: a chunk's CSS still loads.
 *
 * The operator console's pages (`consoleModules`) get no list at all: every console room would
 * otherwise name its chunks in the shopper's route table. Opening a room then fetches its chunk and
 * that chunk's imports one step later, which an operator's first visit to a room can afford.
 *
 * `plugin` learns the chunks' imports before Vite writes the lists (Vite's own step runs after the
 * plugins' `generateBundle`); `resolveDependencies` goes into `build.modulePreload`.
 */
export function firstLoadChunks(
  bootModule: RegExp,
  consoleModules: RegExp,
): {
  plugin: Plugin
  resolveDependencies: (
    file: string,
    deps: string[],
    context: { hostId: string; hostType: 'html' | 'js' },
  ) => string[]
} {
  let alwaysLoaded = new Set<string>()
  let entries = new Set<string>()
  let consoleChunks = new Set<string>()
  return {
    plugin: {
      name: 'yoyaku:first-load-chunks',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          const seen = new Set<string>()
          const visit = (fileName: string) => {
            const chunk = bundle[fileName]
            if (seen.has(fileName) || chunk?.type !== 'chunk') return
            seen.add(fileName)
            for (const imported of chunk.imports) visit(imported)
          }
          const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
          entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))
          consoleChunks = new Set(
            chunks
              .filter((chunk) => consoleModules.test(chunk.facadeModuleId ?? ''))
              .map((chunk) => chunk.fileName),
          )
          for (const chunk of chunks) {
            if (chunk.isEntry || bootModule.test(chunk.facadeModuleId ?? '')) visit(chunk.fileName)
          }
          alwaysLoaded = seen
        },
      },
    },
    resolveDependencies: (file, deps, { hostId, hostType }) => {
      if (hostType === 'html' || entries.has(hostId)) return deps
      if (consoleChunks.has(file)) return []
      const left = deps.filter((dep) => !alwaysLoaded.has(dep))
      return left.length === 1 && left[0] === file ? [] : left
    },
  }
}
