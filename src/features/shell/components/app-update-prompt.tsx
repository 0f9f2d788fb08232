import { useRegisterSW } from 'virtual:pwa-register/react'
import { Trans } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'

/** Besides focus, visibility and reconnection, a tab left open looks for a new version this often. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

// Phones: above the customer-service launcher and the offline badge (bottom corners), full width.
// Wider screens: a card in the bottom-left corner, clear of the launcher on the right.
const banner = css({
  position: 'fixed',
  left: { base: '3', md: '6' },
  right: { base: '3', md: 'auto' },
  bottom: { base: '16', md: '6' },
  maxWidth: { md: 'sm' },
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  p: '3',
  bg: 'gray.900',
  color: 'white',
  borderRadius: 'md',
  boxShadow: 'lg',
  fontSize: 'sm',
  // above the page and the launcher (1000), below dialogs and toasts (2000)
  zIndex: 1500,
})
const actions = css({ display: 'flex', gap: '2', ml: 'auto' })
const detail = css({ display: 'block', color: 'gray.300', fontSize: 'xs' })
// The banner floats over the end of the page: this room lets anything there scroll above it.
const room = css({ height: '40' })

let reloading = false

/** Reloads once into the new version (workbox-window asks for it, and so does the controller change). */
function reloadOnce(): void {
  if (reloading) return
  reloading = true
  window.location.reload()
}

/**
 * Makes sure nothing in progress is lost, then lets the waiting version take over and reloads into it:
 * the machines' snapshots reach IndexedDB first, so the reloaded page resumes them. workbox-window
 * reloads by itself only a page that was controlled when it loaded; the controller change covers the
 * first visit too.
 */
async function applyUpdate(activateWaitingVersion: () => Promise<void>): Promise<void> {
  const { flushSnapshotWrites } = await import('../../../lib/persisted-snapshot.ts')
  await flushSnapshotWrites()
  navigator.serviceWorker?.addEventListener('controllerchange', reloadOnce, { once: true })
  await activateWaitingVersion()
}

/**
 * Asks the browser to look for a new service worker when the shopper comes back to the app (focus,
 * the tab shown again), when the connection returns, and every UPDATE_CHECK_INTERVAL_MS. One check at
 * a time; none while offline (it would only fail).
 */
function useUpdateChecks(registration: ServiceWorkerRegistration | undefined): void {
  useEffect(() => {
    if (!registration) return
    let checking = false
    const check = () => {
      if (checking || !navigator.onLine || registration.installing) return
      checking = true
      registration
        .update()
        // a failed check changes nothing: the next focus or tick tries again
        .catch(() => undefined)
        .finally(() => {
          checking = false
        })
    }
    const checkWhenShown = () => {
      if (document.visibilityState === 'visible') check()
    }
    const timer = window.setInterval(check, UPDATE_CHECK_INTERVAL_MS)
    window.addEventListener('focus', check)
    window.addEventListener('online', check)
    document.addEventListener('visibilitychange', checkWhenShown)
    return () => {
      window.clearInterval(timer)
      window.removeEventListener('focus', check)
      window.removeEventListener('online', check)
      document.removeEventListener('visibilitychange', checkWhenShown)
    }
  }, [registration])
}

/**
 * Registers the service worker and offers a new version when one is waiting; the shopper decides
 * when to reload, so a half-filled form is never lost to an update.
 */
export default function AppUpdatePrompt() {
  const [registration, setRegistration] = useState<ServiceWorkerRegistration>()
  const [applying, setApplying] = useState(false)
  const titleId = useId()
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registered) => setRegistration(registered),
    onNeedReload: reloadOnce,
  })
  useUpdateChecks(registration)

  const accept = () => {
    setApplying(true)
    void applyUpdate(() => updateServiceWorker(true))
  }

  if (needRefresh) {
    return (
      <>
        <div aria-hidden="true" className={room} />
        <section className={banner} role="status" aria-labelledby={titleId} data-testid="update-prompt">
          <p>
            <strong id={titleId}>
              <Trans>有新版本可用。</Trans>
            </strong>
            <span className={detail}>
              <Trans>更新后仍停留在当前页面，购物车不会丢失。</Trans>
            </span>
          </p>
          <span className={actions}>
            <Button variant="secondary" onClick={accept} disabled={applying}>
              {applying ? <Trans>正在更新…</Trans> : <Trans>立即更新</Trans>}
            </Button>
            <Button variant="ghost" onClick={() => setNeedRefresh(false)} disabled={applying}>
              <Trans>稍后</Trans>
            </Button>
          </span>
        </section>
      </>
    )
  }
  if (offlineReady) {
    return (
      <div className={banner} role="status" data-testid="offline-ready">
        <span>
          <Trans>已保存到本机，断网时也能打开。</Trans>
        </span>
        <Button variant="ghost" onClick={() => setOfflineReady(false)}>
          <Trans>知道了</Trans>
        </Button>
      </div>
    )
  }
  return null
}
