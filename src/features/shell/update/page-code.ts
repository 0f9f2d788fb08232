import type { Workbox } from 'workbox-window'
import type { PageCodeMessage } from '../../../sw/cache-names.ts'

// Loaded once the worker is registered, after the page's load event: never in its critical path.

/** The "ready offline" notice shows once per browser, not again after the worker is reinstalled. */
const OFFLINE_READY_TOLD_KEY = 'yoyaku.offline-ready-told'

/** True the first time this browser is told; marks it told. */
function firstTimeOfflineReady(): boolean {
  try {
    if (localStorage.getItem(OFFLINE_READY_TOLD_KEY)) return false
    localStorage.setItem(OFFLINE_READY_TOLD_KEY, '1')
  } catch {
    // no storage (private mode): say it this once
  }
  return true
}

const QUIET_MS = 1500
const MAX_WAIT_MS = 20_000

/**
 * Resolves when no resource has started loading for QUIET_MS (or after MAX_WAIT_MS) and the browser
 * is idle: warming the other pages' code must not compete with the page the shopper is looking at.
 */
function whenNetworkIdle(): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now()
    let seen = performance.getEntriesByType('resource').length
    let quietSince = started
    const tick = () => {
      const now = performance.now()
      const count = performance.getEntriesByType('resource').length
      if (count !== seen) {
        seen = count
        quietSince = now
      }
      if (now - quietSince < QUIET_MS && now - started < MAX_WAIT_MS) {
        window.setTimeout(tick, 250)
        return
      }
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 })
      else resolve()
    }
    tick()
  })
}

/** The app's chunks this page loaded before the worker controlled it: the worker never saw them. */
function codeLoadedSoFar(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => new URL(name).pathname.startsWith('/assets/'))
}

const savesData = () =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true

/** Posts to the worker and waits for its answer; a worker that cannot answer is not an error here. */
const post = (wb: Workbox, message: PageCodeMessage) =>
  wb.messageSW(message).then(
    () => true,
    () => false,
  )

/** Once the network is quiet, the worker caches the code of the shopper's other pages. */
async function warmPageCodeLater(wb: Workbox, networkIdle: () => Promise<void>): Promise<void> {
  if (savesData()) return
  await networkIdle()
  await post(wb, { type: 'WARM_PAGE_CODE' })
}

/**
 * Makes the pages' code available offline:
 * - a page the worker already controlled when it loaded: the worker saw its code; the other pages'
 *   code (a new version's included) is warmed once the network is quiet;
 * - a first visit: once the first worker takes control, it keeps the code the page loaded before, and
 *   only then is the shop ready offline (`onOfflineReady`, the first time in this browser); then warms.
 */
export function keepPageCode(
  wb: Workbox,
  options: {
    controlledAtStart: boolean
    networkIdle?: (() => Promise<void>) | undefined
    onOfflineReady: () => void
  },
): void {
  const { networkIdle = whenNetworkIdle } = options
  if (options.controlledAtStart) {
    void warmPageCodeLater(wb, networkIdle)
    return
  }
  let adopted = false
  const adopt = async () => {
    if (adopted) return
    adopted = true
    const kept = await post(wb, { type: 'ADOPT_PAGE_CODE', urls: codeLoadedSoFar() })
    if (kept && firstTimeOfflineReady()) options.onOfflineReady()
    await networkIdle()
    // again: a chunk whose download was under way when the worker took control reached neither the
    // worker nor the first list (a resource is listed once it finishes); held ones cost a cache read
    await post(wb, { type: 'ADOPT_PAGE_CODE', urls: codeLoadedSoFar() })
    if (!savesData()) await post(wb, { type: 'WARM_PAGE_CODE' })
  }
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate && !event.isExternal) void adopt()
  })
  // the first worker may have taken control while this module loaded
  if (navigator.serviceWorker.controller) void adopt()
}
