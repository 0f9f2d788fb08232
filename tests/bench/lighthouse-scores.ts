import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { findChrome } from '../e2e/browser.ts'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]

export interface PageScores {
  path: string
  /** Median of the runs, 0–100, per category. */
  scores: Record<Category, number>
  /** Median first contentful paint, largest contentful paint (ms) and total blocking time (ms). */
  fcpMs: number
  lcpMs: number
  tbtMs: number
  /** Audits that failed in the median performance run, for the README's notes. */
  failing: string[]
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

/**
 * Lighthouse with its mobile defaults (simulated slow 4G and a 4× slower CPU), `runs` times per page
 * in a fresh headless Chromium each time (a first visit: empty caches, no service worker yet).
 */
export async function measureLighthouse(baseUrl: string, paths: string[], runs = 3): Promise<PageScores[]> {
  const results: PageScores[] = []
  for (const path of paths) {
    const samples: {
      scores: Record<Category, number>
      fcp: number
      lcp: number
      tbt: number
      failing: string[]
    }[] = []
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
        ],
      })
      try {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        })
        const lhr = result?.lhr
        if (!lhr) throw new Error(`lighthouse gave no result for ${path}`)
        const scores = Object.fromEntries(
          CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
        ) as Record<Category, number>
        const failing = Object.values(lhr.audits)
          .filter(
            (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
          )
          .map((audit) => audit.id)
        samples.push({
          scores,
          fcp: lhr.audits['first-contentful-paint']?.numericValue ?? 0,
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
          failing,
        })
      } finally {
        chrome.kill()
      }
    }
    const byPerformance = [...samples].sort((a, b) => a.scores.performance - b.scores.performance)
    results.push({
      path,
      scores: Object.fromEntries(
        CATEGORIES.map((category) => [category, median(samples.map((sample) => sample.scores[category]))]),
      ) as Record<Category, number>,
      fcpMs: Math.round(median(samples.map((sample) => sample.fcp))),
      lcpMs: Math.round(median(samples.map((sample) => sample.lcp))),
      tbtMs: Math.round(median(samples.map((sample) => sample.tbt))),
      failing: byPerformance[Math.floor(byPerformance.length / 2)]?.failing ?? [],
    })
  }
  return results
}
