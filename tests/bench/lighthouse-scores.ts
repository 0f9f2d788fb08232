import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { findChrome } from '../e2e/browser.ts'
import { CLEARED_FOR_SIGNED_IN, storeSessionToken } from './lighthouse-session.ts'
import { startTlsProxy } from './tls-proxy.ts'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]

/** A screen to measure: a path, loaded as a visitor or, with `token`, signed in through a stored session. */
export interface Screen {
  path: string
  /** The session token to store in localStorage before the load (the app's `token` key). */
  token?: string
}

export interface PageScores {
  path: string
  signedIn: boolean
  /** Median of the runs, 0–100, per category. */
  scores: Record<Category, number>
  /** Median first contentful paint, largest contentful paint (ms), total blocking time (ms) and CLS. */
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Audits that failed in the median performance run, for the README's notes. */
  failing: string[]
  /** Of the median run: failed accessibility audits and the elements they name (selectors). */
  accessibilityFailures: { id: string; elements: string[] }[]
  /** Of the median run: main-thread time by kind of work and by script (ms, the largest first). */
  mainThread: { work: string; ms: number }[]
  scripts: { url: string; ms: number }[]
  /** Of the median run: what `errors-in-console` names (source and message). */
  consoleErrors: string[]
  /** Of the median run: the LCP element and the elements that shifted (snippets, the largest shift first). */
  lcpElement: string
  shifted: string[]
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']
type TableItems = Record<string, unknown>[]
const itemsOf = (lhr: Lhr, id: string): TableItems =>
  ((lhr.audits[id]?.details as { items?: TableItems } | undefined)?.items ?? []) as TableItems

/** The elements a audit's details name (`{ type: 'node' }` anywhere in them), as HTML snippets. */
function nodesIn(details: unknown): string[] {
  if (Array.isArray(details)) return details.flatMap(nodesIn)
  if (typeof details !== 'object' || details === null) return []
  const node = details as { type?: string; snippet?: string }
  if (node.type === 'node') return [String(node.snippet).slice(0, 160)]
  return Object.values(details).flatMap(nodesIn)
}

/** What one run tells beyond its scores: the failing audits and where the main thread's time went. */
function detailsOf(lhr: Lhr) {
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => audit.id)
  const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => ({
      id: audit?.id ?? '',
      elements: itemsOf(lhr, audit?.id ?? '').map((item) => {
        const node = item.node as { selector?: string; snippet?: string } | undefined
        return node?.selector ?? node?.snippet ?? JSON.stringify(item).slice(0, 120)
      }),
    }))
  const mainThread = itemsOf(lhr, 'mainthread-work-breakdown')
    .map((item) => ({ work: String(item.group), ms: Math.round(Number(item.duration)) }))
    .sort((a, b) => b.ms - a.ms)
  const scripts = itemsOf(lhr, 'bootup-time')
    .map((item) => ({ url: String(item.url), ms: Math.round(Number(item.total)) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5)
  const consoleErrors = [
    ...new Set(
      itemsOf(lhr, 'errors-in-console').map(
        (item) => `${String(item.source)}: ${String(item.description).slice(0, 160)}`,
      ),
    ),
  ]
  const lcpElement = nodesIn(lhr.audits['lcp-breakdown-insight']?.details)[0] ?? ''
  const shifted = [...new Set(nodesIn(lhr.audits['layout-shifts']?.details))].slice(0, 3)
  return { failing, accessibilityFailures, mainThread, scripts, consoleErrors, lcpElement, shifted }
}

/**
 * Lighthouse with its mobile defaults (simulated slow 4G and a 4× slower CPU), `runs` times per screen
 * in a fresh headless Chromium each time (a first visit: empty caches, no service worker yet). A
 * signed-in screen gets only its session token stored first (lighthouse-session.ts).
 */
export async function measureLighthouse(
  baseUrl: string,
  screens: (string | Screen)[],
  runs = 5,
  /** More Chromium flags: the TLS proxy's trusted authority (tls-proxy.ts). */
  chromeFlags: string[] = [],
): Promise<PageScores[]> {
  const results: PageScores[] = []
  for (const screen of screens.map((entry) => (typeof entry === 'string' ? { path: entry } : entry))) {
    const { path, token } = screen
    const samples: (ReturnType<typeof detailsOf> & {
      scores: Record<Category, number>
      fcp: number
      lcp: number
      tbt: number
      cls: number
    })[] = []
    for (let run = 0; run < runs; run++) {
      const chrome = await launch({
        chromePath: findChrome(),
        chromeFlags: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          ...chromeFlags,
        ],
      })
      try {
        if (token) await storeSessionToken(chrome.port, baseUrl, token)
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          ...(token ? { clearStorageTypes: [...CLEARED_FOR_SIGNED_IN] } : {}),
        })
        const lhr = result?.lhr
        if (!lhr) throw new Error(`lighthouse gave no result for ${path}`)
        // A session the app refused would end on the sign-in page: that is not the screen asked for.
        const landed = new URL(lhr.finalDisplayedUrl)
        if (token && landed.pathname !== path) throw new Error(`${path} signed in ended on ${landed.href}`)
        const scores = Object.fromEntries(
          CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
        ) as Record<Category, number>
        samples.push({
          scores,
          fcp: lhr.audits['first-contentful-paint']?.numericValue ?? 0,
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
          ...detailsOf(lhr),
        })
      } finally {
        chrome.kill()
      }
    }
    const byPerformance = [...samples].sort((a, b) => a.scores.performance - b.scores.performance)
    const middle = byPerformance[Math.floor(byPerformance.length / 2)]
    results.push({
      path,
      signedIn: token !== undefined,
      scores: Object.fromEntries(
        CATEGORIES.map((category) => [category, median(samples.map((sample) => sample.scores[category]))]),
      ) as Record<Category, number>,
      fcpMs: Math.round(median(samples.map((sample) => sample.fcp))),
      lcpMs: Math.round(median(samples.map((sample) => sample.lcp))),
      tbtMs: Math.round(median(samples.map((sample) => sample.tbt))),
      cls: Math.round(median(samples.map((sample) => sample.cls)) * 1000) / 1000,
      failing: middle?.failing ?? [],
      accessibilityFailures: middle?.accessibilityFailures ?? [],
      mainThread: middle?.mainThread ?? [],
      scripts: middle?.scripts ?? [],
      consoleErrors: middle?.consoleErrors ?? [],
      lcpElement: middle?.lcpElement ?? '',
      shifted: middle?.shifted ?? [],
    })
  }
  return results
}

/** The printed lines of a Lighthouse pass, one a screen, with the median run's failing audits under it. */
export function lighthouseLines(pages: PageScores[], runs: number): string[] {
  const lines: string[] = []
  for (const page of pages) {
    const { performance, accessibility, seo } = page.scores
    const who = page.signedIn ? ', signed in' : ''
    lines.push(
      `Lighthouse ${page.path} (mobile${who}, median of ${runs}): performance ${performance}, accessibility ${accessibility}, best practices ${page.scores['best-practices']}, SEO ${seo}; FCP ${page.fcpMs} ms, LCP ${page.lcpMs} ms, TBT ${page.tbtMs} ms, CLS ${page.cls}`,
    )
    if (page.failing.length > 0) lines.push(`  below 0.9: ${page.failing.join(', ')}`)
    for (const failure of page.accessibilityFailures)
      lines.push(`  accessibility ${failure.id}: ${failure.elements.join(' | ')}`)
    for (const error of page.consoleErrors) lines.push(`  console ${error}`)
  }
  return lines
}

/** Where Lighthouse loads the shop from, and what to tell Chromium about it. */
export interface LighthouseOrigin {
  origin: string
  chromeFlags: string[]
  /** How the pages travel, for the printed lines: through the TLS proxy or straight from the server. */
  via: string
  close(): Promise<void>
}

/**
 * The shop as Lighthouse reaches it: through Caddy with HTTPS and HTTP/2, as deploy/Caddyfile serves
 * shoppers (the default); LIGHTHOUSE_VIA=direct loads it from the server itself over plain HTTP/1.1,
 * as the measurements before 2026-11-30 did.
 */
export async function openLighthouseOrigin(serverOrigin: string): Promise<LighthouseOrigin> {
  const via = process.env.LIGHTHOUSE_VIA ?? 'proxy'
  if (via === 'direct') {
    return {
      origin: serverOrigin,
      chromeFlags: [],
      via: 'straight from the server, HTTP/1.1',
      close: async () => {},
    }
  }
  if (via !== 'proxy') throw new Error(`LIGHTHOUSE_VIA must be proxy or direct (got "${via}")`)
  const proxy = await startTlsProxy(serverOrigin)
  return {
    origin: proxy.origin,
    chromeFlags: proxy.chromeFlags,
    via: 'through Caddy, HTTPS and HTTP/2',
    close: proxy.stop,
  }
}

/** How many Lighthouse runs a screen gets: `LIGHTHOUSE_RUNS`, 5 unless told. */
export const lighthouseRuns = () => Number(process.env.LIGHTHOUSE_RUNS ?? 5) || 5
