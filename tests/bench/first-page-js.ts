import { gzipSync } from 'node:zlib'
import { launchChrome } from '../e2e/browser.ts'

export interface FirstPageJs {
  path: string
  /** CSS pixels wide: 412 is Lighthouse's phone, 1280 a desktop (each loads its own header). */
  width: number
  files: number
  rawKb: number
  gzipKb: number
  /** The page's stylesheets, gzip -9. */
  cssGzipKb: number
  largest: { url: string; gzipKb: number }[]
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

/**
 * The JavaScript a first visit to `url` downloads before the page is idle: every script response the
 * browser received, gzip -9 of its exact bytes (what a compressing server would send).
 */
export async function measureFirstPageJs(baseUrl: string, path: string, width: number): Promise<FirstPageJs> {
  const browser = await launchChrome()
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width, height: 900 } })
    const page = await context.newPage()
    const scripts: Promise<{ url: string; raw: number; gzip: number }>[] = []
    const styles: Promise<number>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'stylesheet') {
        styles.push(response.body().then((body) => gzipSync(body, { level: 9 }).length))
      }
      if (response.request().resourceType() !== 'script') return
      scripts.push(
        response.body().then((body) => ({
          url: response.url(),
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      )
    })
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
    const files = await Promise.all(scripts)
    const css = await Promise.all(styles)
    return {
      path,
      width,
      files: files.length,
      rawKb: kb(files.reduce((sum, f) => sum + f.raw, 0)),
      gzipKb: kb(files.reduce((sum, f) => sum + f.gzip, 0)),
      cssGzipKb: kb(css.reduce((sum, size) => sum + size, 0)),
      largest: files
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 5)
        .map((f) => ({ url: new URL(f.url).pathname, gzipKb: kb(f.gzip) })),
    }
  } finally {
    await browser.close()
  }
}
