import type { Plugin } from 'vite'

/**
 * A step run on a finished build's output folder, once everything is written (the service worker
 * too): it gets the folder and the files the bundle wrote.
 */
export function buildOutputStep(
  name: string,
  step: (outDir: string, bundleFiles: string[]) => void | Promise<void>,
): Plugin {
  let outDir = 'dist'
  let bundleFiles: string[] = []
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    writeBundle(_, bundle) {
      bundleFiles = Object.keys(bundle)
    },
    closeBundle: {
      order: 'post',
      // one step after the other, in the order of the plugins (the build stamp last)
      sequential: true,
      handler: () => step(outDir, bundleFiles),
    },
  }
}
