/**
 * Takes the manifest's screenshots (shown in Chromium's install dialog) of the built shop's home
 * page with its demo catalog: public/screenshots/home-wide.jpg (1280×800, a desktop) and
 * home-narrow.jpg (412×915, a phone). The images are committed as assets; remake them when the home
 * page changes: `npm run build && node scripts/make-screenshots.ts [built folder, default dist]`.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { launchChrome } from '../tests/e2e/browser.ts'
import { runServer, stopServer } from '../tests/support/server-process.ts'

const SHOTS = [
  { file: 'home-wide.jpg', viewport: { width: 1280, height: 800 }, phone: false },
  { file: 'home-narrow.jpg', viewport: { width: 412, height: 915 }, phone: true },
] as const

// JPEG at this quality keeps each image far under 150 KB with text still crisp
const QUALITY = 70

async function shoot(browser: Browser, baseUrl: string, shot: (typeof SHOTS)[number]): Promise<void> {
  const context = await browser.newContext({
    viewport: shot.viewport,
    deviceScaleFactor: 1,
    isMobile: shot.phone,
    hasTouch: shot.phone,
    locale: 'zh-CN',
    // no service worker: its "saved for offline" notice must not cover the page
    serviceWorkers: 'block',
  })
  try {
    const page = await context.newPage()
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' })
    await page.evaluate(async () => {
      await document.fonts.ready
      // the images on screen (lazy ones further down never load without a scroll)
      const onScreen = [...document.images].filter((image) => {
        const box = image.getBoundingClientRect()
        return !image.complete && box.bottom > 0 && box.top < innerHeight
      })
      await Promise.all(
        onScreen.map(
          (image) =>
            new Promise((done) => {
              image.addEventListener('load', done)
              image.addEventListener('error', done)
            }),
        ),
      )
    })
    const path = join('public', 'screenshots', shot.file)
    await page.screenshot({ path, type: 'jpeg', quality: QUALITY })
    console.log(`${path}: ${shot.viewport.width}x${shot.viewport.height}, ${statSync(path).size} bytes`)
  } finally {
    await context.close()
  }
}

const staticDir = process.argv[2] ?? 'dist'
if (!existsSync(join(staticDir, 'index.html'))) {
  console.error(`No built shop in ${staticDir}: run \`npm run build\` first.`)
  process.exit(1)
}
mkdirSync(join('public', 'screenshots'), { recursive: true })
const dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-screenshots-'))
const run = runServer({ DATA_DIR: dataDir, STATIC_DIR: staticDir, MAIL_OUTBOX_DIR: join(dataDir, 'mail') })
const server = await run.started
const browser = await launchChrome()
try {
  for (const shot of SHOTS) await shoot(browser, server.baseUrl, shot)
} finally {
  await browser.close()
  await stopServer(server, run.exited)
  rmSync(dataDir, { recursive: true, force: true })
}
