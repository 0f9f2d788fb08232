import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
]

/** The Chromium or Chrome to drive: CHROME_PATH, or the first one installed. Fails with how to get one. */
export function findChrome(): string {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there`)
    return fromEnv
  }
  const found = CANDIDATES.find((path) => existsSync(path))
  if (!found) {
    throw new Error(
      'No Chromium or Chrome found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) or point CHROME_PATH at a Chrome/Chromium binary.',
    )
  }
  return found
}

export function launchChrome(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChrome(),
    headless: true,
    // No background traffic: this machine has no network beyond the loopback.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/**
 * A device with Save-Data on: the shop then warms no other pages' code in the background
 * (src/features/shell/update/page-code.ts). Browser tests open a fresh context at every step, and each
 * would otherwise fetch every page's code while the test goes on (e2e 150 s slower, and three steps past
 * their timeouts in CI); the tests about warming and offline pages leave it off.
 */
export async function savingData(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } })
  })
  return context
}

/** Screenshots land in test-results/screenshots (git-ignored). */
export function screenshotPath(name: string): string {
  const dir = join('test-results', 'screenshots')
  mkdirSync(dir, { recursive: true })
  return join(dir, `${name}.png`)
}
