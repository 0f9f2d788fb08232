import { Trans } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import type { ServiceWorkerUpdates, UpdateOffer } from './service-worker-updates.ts'

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

/**
 * Makes sure nothing in progress is lost, then lets the waiting version take over (the page reloads
 * into it): the machines' snapshots reach IndexedDB first, so the reloaded page resumes them.
 */
async function applyUpdate(updates: ServiceWorkerUpdates): Promise<void> {
  const { flushSnapshotWrites } = await import('../../../lib/persisted-snapshot.ts')
  await flushSnapshotWrites()
  updates.activateNewVersion()
}

/**
 * Offers a new version when one is waiting (the shopper decides when to reload, so a half-filled form
 * is never lost to an update), or says the app now opens offline.
 */
export function AppUpdatePrompt({ offer, updates }: { offer: UpdateOffer; updates: ServiceWorkerUpdates }) {
  const [applying, setApplying] = useState(false)
  const titleId = useId()

  const accept = () => {
    setApplying(true)
    void applyUpdate(updates)
  }

  if (offer === 'new-version') {
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
            <Button variant="ghost" onClick={updates.dismiss} disabled={applying}>
              <Trans>稍后</Trans>
            </Button>
          </span>
        </section>
      </>
    )
  }
  return (
    <div className={banner} role="status" data-testid="offline-ready">
      <span>
        <Trans>已保存到本机，断网时也能打开。</Trans>
      </span>
      <Button variant="ghost" onClick={updates.dismiss}>
        <Trans>知道了</Trans>
      </Button>
    </div>
  )
}
