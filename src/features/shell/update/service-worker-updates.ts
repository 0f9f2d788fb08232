import { Workbox } from 'workbox-window'

/** Besides focus, visibility and reconnection, a tab left open looks for a new version this often. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

/**
 * What the shopper is told about the app's service worker:
 * - `offline-ready`: its first install finished, the app now opens offline;
 * - `new-version`: a newer version is installed and waits for the shopper's go-ahead.
 */
export type UpdateOffer = 'offline-ready' | 'new-version'

export interface ServiceWorkerUpdates {
  offer(): UpdateOffer | undefined
  subscribe(onChange: () => void): () => void
  dismiss(): void
  /** Registers the worker once the page has loaded and keeps looking for new versions; once a page. */
  start(): void
  /** Lets the waiting version take over; the page reloads into it once it controls the page. */
  activateNewVersion(): void
}

export interface ServiceWorkerOptions {
  url: string
  scope: string
  /** How the page reloads into the new version (tests count the reloads). */
  reload?: () => void
  /** Resolves once the network is quiet (page-code.ts's whenNetworkIdle; tests resolve it at once). */
  networkIdle?: () => Promise<void>
}

/**
 * The service worker's registration and lifecycle through workbox-window (the stack's choice), as a
 * small store the shell reads: the prompt's own code loads only when there is something to say.
 */
export function createServiceWorkerUpdates({
  url,
  scope,
  reload = () => window.location.reload(),
  networkIdle,
}: ServiceWorkerOptions): ServiceWorkerUpdates {
  const listeners = new Set<() => void>()
  let current: UpdateOffer | undefined
  let workbox: Workbox | undefined
  let newVersionWaits = false
  let accepted = false
  let reloading = false

  const tell = (next: UpdateOffer | undefined) => {
    // a waiting version outranks the offline notice
    if (next === current || (next === 'offline-ready' && current === 'new-version')) return
    current = next
    for (const listener of listeners) listener()
  }
  const reloadOnce = () => {
    if (reloading) return
    reloading = true
    reload()
  }

  function listen(wb: Workbox): void {
    wb.addEventListener('waiting', () => {
      newVersionWaits = true
      tell('new-version')
    })
    wb.addEventListener('controlling', (event) => {
      // A page the old version loaded reloads once the waiting version takes over, even when another
      // tab accepted it; the first visit's page (nothing controlled it) only when accepted here.
      if ((event.isUpdate && newVersionWaits) || accepted) reloadOnce()
    })
  }

  return {
    offer: () => current,
    subscribe(onChange) {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    dismiss: () => tell(undefined),
    start() {
      if (workbox || !('serviceWorker' in navigator)) return
      const wb = new Workbox(url, { scope })
      workbox = wb
      listen(wb)
      // register() waits for the load event: registering never competes with the page's own loading
      const controlledAtStart = navigator.serviceWorker.controller !== null
      wb.register()
        .then((registration) => {
          if (!registration) return
          watchForNewVersions(wb, registration)
          // Keeping the pages' code for offline use, in a chunk of its own once the page has loaded.
          void import('./page-code.ts')
            .then((code) =>
              code.keepPageCode(wb, {
                controlledAtStart,
                networkIdle,
                onOfflineReady: () => tell('offline-ready'),
              }),
            )
            .catch(() => {})
        })
        // no worker (private mode, blocked): the app works on without one
        .catch(() => {})
    },
    activateNewVersion() {
      accepted = true
      workbox?.messageSkipWaiting()
    },
  }
}

/**
 * Asks the browser to look for a new service worker when the shopper comes back to the app (focus,
 * the tab shown again), when the connection returns, and every UPDATE_CHECK_INTERVAL_MS. One check at
 * a time; none while offline (it would only fail).
 */
function watchForNewVersions(wb: Workbox, registration: ServiceWorkerRegistration): void {
  let checking = false
  const check = () => {
    if (checking || !navigator.onLine || registration.installing) return
    checking = true
    wb.update()
      // a failed check changes nothing: the next focus or tick tries again
      .catch(() => undefined)
      .finally(() => {
        checking = false
      })
  }
  window.setInterval(check, UPDATE_CHECK_INTERVAL_MS)
  window.addEventListener('focus', check)
  window.addEventListener('online', check)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check()
  })
}

/** The app's worker (vite-plugin-pwa builds it as sw.js at the app's base). */
export const serviceWorkerUpdates = createServiceWorkerUpdates({
  url: `${import.meta.env.BASE_URL}sw.js`,
  scope: import.meta.env.BASE_URL,
})
