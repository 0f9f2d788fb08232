import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { runServer, type StartedServer, stopServer } from '../support/server-process.ts'
import { findChrome } from './browser.ts'
import { waitForServiceWorker } from './customer.ts'
import { staticDir } from './shop.ts'

const INSTALL_LABEL = '安装应用'

interface ManifestImage {
  src: string
  sizes: string
  type: string
  purpose?: string
  form_factor?: string
  label?: string
}
interface Localized {
  ja: string
  en: string
}
interface Manifest {
  id: string
  name: string
  short_name: string
  description: string
  name_localized: Localized
  short_name_localized: Localized
  description_localized: Localized
  lang: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  background_color: string
  icons: ManifestImage[]
  screenshots: ManifestImage[]
  shortcuts: { name: string; name_localized: Localized; url: string; icons: ManifestImage[] }[]
}

/**
 * Chromium with a profile of its own: Chromium never offers installation in an incognito context
 * (Playwright's usual `newContext`), so the install criteria are checked in a real profile.
 */
async function launchProfile(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: findChrome(),
    headless: true,
    viewport: { width: 1280, height: 900 },
    locale: 'zh-CN',
    // no background traffic: this machine has no network beyond the loopback
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-sync',
    ],
  })
}

/** Width × height of a PNG (IHDR) or a JPEG (its first start-of-frame marker). */
function imageSize(bytes: Buffer): string {
  if (bytes.subarray(1, 4).toString('ascii') === 'PNG') {
    return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
  }
  let offset = 2 // after the JPEG's start-of-image marker
  while (offset < bytes.length) {
    const marker = bytes[offset + 1] as number
    if (marker >= 0xc0 && marker <= 0xc3) {
      return `${bytes.readUInt16BE(offset + 7)}x${bytes.readUInt16BE(offset + 5)}`
    }
    offset += 2 + bytes.readUInt16BE(offset + 2)
  }
  throw new Error('not a PNG or a JPEG with a frame')
}

describe('installable in Chromium: manifest, service worker, icons and the install button', () => {
  let dataDir: string
  let profileDir: string
  let server: StartedServer
  let exited: ReturnType<typeof runServer>['exited']
  let context: BrowserContext
  let page: Page
  const url = (path: string) => new URL(path, server.baseUrl).href

  before(async () => {
    assert.ok(
      existsSync(join(staticDir(), 'index.html')),
      'the PWA is not built: run `npm run build` first (npm test does)',
    )
    dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-e2e-install-'))
    profileDir = mkdtempSync(join(tmpdir(), 'yoyaku-e2e-install-profile-'))
    const run = runServer({
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir(),
      MAIL_OUTBOX_DIR: join(dataDir, 'mail'),
    })
    exited = run.exited
    server = await run.started
    context = await launchProfile(profileDir)
    // layout shifts of anything in the header, to see the install button appear without moving it
    await context.addInitScript(() => {
      const shifts: string[] = []
      Object.assign(window, { headerShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { sources?: { node?: Node }[] })[]) {
          for (const { node } of entry.sources ?? []) {
            const element = node instanceof Element ? node : node?.parentElement
            if (element?.closest('header')) shifts.push(element.outerHTML.slice(0, 120))
          }
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    page = context.pages()[0] ?? (await context.newPage())
    await page.goto(url('/'))
  })
  after(async () => {
    await context?.close()
    if (server) await stopServer(server, exited)
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(profileDir, { recursive: true, force: true })
  })

  /** The manifest the page links, as the browser fetches it. */
  async function linkedManifest(): Promise<{ href: string; response: Response; manifest: Manifest }> {
    const link = await page.locator('link[rel="manifest"]').getAttribute('href')
    assert.ok(link, 'the page links a manifest')
    const href = url(link)
    const response = await fetch(href)
    return { href, response, manifest: (await response.clone().json()) as Manifest }
  }

  it('links a manifest with the names in three languages, colours, icons, screenshots and shortcuts', async () => {
    const { response, manifest } = await linkedManifest()
    assert.equal(response.status, 200)
    assert.match(response.headers.get('content-type') ?? '', /^application\/manifest\+json/)

    assert.equal(manifest.id, '/')
    assert.equal(manifest.start_url, '/')
    assert.equal(manifest.scope, '/')
    assert.equal(manifest.display, 'standalone')
    assert.equal(manifest.lang, 'zh-CN')
    assert.equal(manifest.theme_color, '#1e3a8a')
    assert.equal(manifest.background_color, '#ffffff')
    assert.match(manifest.name, /^Yoyaku 予约/)
    assert.match(manifest.description, /预订/)
    assert.match(manifest.name_localized.ja, /^Yoyaku 予約/)
    assert.match(manifest.name_localized.en, /^Yoyaku · .*Japan/)
    assert.deepEqual(manifest.short_name_localized, { ja: 'Yoyaku 予約', en: 'Yoyaku' })
    assert.match(manifest.description_localized.ja, /予約/)
    assert.match(manifest.description_localized.en, /^Pre-order/)

    const icons = manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)
    assert.deepEqual(icons, ['192x192 any', '512x512 any', '512x512 maskable'])
    const screenshots = manifest.screenshots.map(({ form_factor, sizes }) => `${form_factor} ${sizes}`)
    assert.deepEqual(screenshots, ['wide 1280x800', 'narrow 412x915'])
    for (const screenshot of manifest.screenshots)
      assert.ok(screenshot.label, `${screenshot.src} has a label`)

    const shortcuts = manifest.shortcuts.map((shortcut) => [shortcut.url, shortcut.name_localized.en])
    assert.deepEqual(shortcuts, [
      ['/cart/list', 'Cart'],
      ['/order-list/list', 'My orders'],
      ['/collect/list', 'My favorites'],
    ])
    for (const shortcut of manifest.shortcuts) {
      assert.deepEqual(
        shortcut.icons.map(({ sizes }) => sizes),
        ['96x96'],
        `${shortcut.url} has a 96 px icon`,
      )
    }
  })

  it('serves every icon, shortcut icon and screenshot as an image of its declared size', async () => {
    const { href, manifest } = await linkedManifest()
    const images = [
      ...manifest.icons,
      ...manifest.screenshots,
      ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons),
    ]
    assert.equal(images.length, 8)
    for (const image of images) {
      const response = await fetch(new URL(image.src, href))
      assert.equal(response.status, 200, `${image.src} answers 200`)
      assert.equal(response.headers.get('content-type'), image.type, `${image.src} is ${image.type}`)
      const bytes = Buffer.from(await response.arrayBuffer())
      assert.equal(imageSize(bytes), image.sizes, `${image.src} is ${image.sizes}`)
    }
  })

  it('is controlled by the service worker, from the first request after a reload', async () => {
    await waitForServiceWorker(page)
    await page.reload()
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.state), 'activated')
  })

  it('leaves Chromium nothing to object to: the manifest parses and installability has no errors', async () => {
    await waitForServiceWorker(page)
    const cdp = await context.newCDPSession(page)
    try {
      const { errors, manifest } = await cdp.send('Page.getAppManifest', {})
      assert.deepEqual(errors, [])
      assert.equal(manifest.id, url('/'))
      assert.equal(manifest.startUrl, url('/'))
      // Chromium names the form factors after its own enum
      assert.deepEqual(
        manifest.screenshots?.map((screenshot) => screenshot.formFactor),
        ['kWide', 'kNarrow'],
      )
      assert.deepEqual(
        manifest.shortcuts?.map((shortcut) => shortcut.url),
        [url('/cart/list'), url('/order-list/list'), url('/collect/list')],
      )
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      assert.deepEqual(installabilityErrors, [])
    } finally {
      await cdp.detach()
    }
  })

  it('shows the install button when Chromium offers installation, and hides it once used', async () => {
    const button = page.getByRole('button', { name: INSTALL_LABEL })
    // Chromium's own beforeinstallprompt, fired once the page meets the install criteria
    await button.waitFor({ state: 'visible', timeout: 15_000 })
    const box = await button.boundingBox()
    assert.ok(
      box && box.width >= 24 && box.height >= 24,
      `a target of 24 px at least (${JSON.stringify(box)})`,
    )
    await button.click()
    await button.waitFor({ state: 'hidden' })
  })

  for (const [layout, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 412, height: 915 }],
  ] as const) {
    it(`shows the install button in the ${layout} header without moving anything there`, async () => {
      const offered = await context.newPage()
      try {
        await offered.setViewportSize(viewport)
        // Chromium's own offer is held back, so this test makes it once the page has settled
        await offered.addInitScript(() => {
          const holdBack = (event: Event) => {
            if (!('synthetic' in event)) event.stopImmediatePropagation()
          }
          window.addEventListener('beforeinstallprompt', holdBack, { capture: true })
        })
        await offered.goto(url('/'), { waitUntil: 'networkidle' })
        await offered
          .getByRole('link', { name: /Yoyaku/ })
          .first()
          .waitFor()
        await offered.evaluate(() => (Reflect.get(window, 'headerShifts') as string[]).splice(0))
        await offered.evaluate(() => {
          const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
            synthetic: true,
            prompt: async () => ({ outcome: 'dismissed' }),
          })
          window.dispatchEvent(offer)
        })
        const button = offered.getByRole('button', { name: INSTALL_LABEL })
        await button.waitFor({ state: 'visible' })
        const box = await button.boundingBox()
        assert.ok(
          box && box.width >= 24 && box.height >= 24,
          `a target of 24 px at least (${JSON.stringify(box)})`,
        )
        await offered.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))),
        )
        const shifts = await offered.evaluate(() => Reflect.get(window, 'headerShifts'))
        assert.deepEqual(shifts, [], 'nothing in the header moved')
      } finally {
        await offered.close()
      }
    })
  }

  it('shows no install button when the app runs installed, in its own window', async () => {
    const installed = await context.newPage()
    const errors: string[] = []
    installed.on('pageerror', (error) => errors.push(error.message))
    try {
      // what Chromium answers inside the installed app's window
      await installed.addInitScript(() => {
        const matchMedia = window.matchMedia.bind(window)
        window.matchMedia = (query) => matchMedia(query === '(display-mode: standalone)' ? 'all' : query)
      })
      await installed.goto(url('/'))
      await installed
        .getByRole('link', { name: /Yoyaku/ })
        .first()
        .waitFor()
      assert.equal(await installed.evaluate(() => matchMedia('(display-mode: standalone)').matches), true)
      await installed.evaluate(() => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => ({ outcome: 'dismissed' }),
        })
        window.dispatchEvent(offer)
      })
      assert.equal(
        await installed.getByRole('button', { name: INSTALL_LABEL, includeHidden: true }).count(),
        0,
      )
      assert.deepEqual(errors, [])
    } finally {
      await installed.close()
    }
  })
})
