import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useEffect, useState } from 'react'
import { readStoredToken } from '../../../lib/session-token.ts'
import { OFFLINE_PAGES_URL } from '../../../sw/cache-names.ts'

/** A page worth opening offline: where it is, its route file (as the build names it) and its name. */
interface OfflineDestination {
  to: '/' | '/cart/list' | '/order-list/list' | '/collect/list' | '/product-history/list' | '/userinfo'
  routeFile: string
  name: ReactNode
  /** Shows the signed-in shopper's own data (saved on this device only once signed in). */
  own: boolean
}

const DESTINATIONS: OfflineDestination[] = [
  { to: '/', routeFile: 'index', name: <Trans>首页</Trans>, own: false },
  { to: '/cart/list', routeFile: 'cart.list', name: <Trans>购物车</Trans>, own: true },
  { to: '/order-list/list', routeFile: 'order-list.list', name: <Trans>我的订单</Trans>, own: true },
  { to: '/collect/list', routeFile: 'collect.list', name: <Trans>我的收藏</Trans>, own: true },
  {
    to: '/product-history/list',
    routeFile: 'product-history.list',
    name: <Trans>浏览记录</Trans>,
    own: true,
  },
  { to: '/userinfo', routeFile: 'userinfo', name: <Trans>个人信息</Trans>, own: true },
]

/**
 * The route files whose code this device holds, from the build's list (offline-pages.json, kept by
 * the service worker when it warmed the pages); undefined while unknown (no worker, not warmed yet).
 */
async function routeFilesSaved(): Promise<Set<string> | undefined> {
  if (typeof caches === 'undefined') return undefined
  const listed = await caches.match(OFFLINE_PAGES_URL)
  if (!listed) return undefined
  const { pages } = (await listed.json()) as { pages: Record<string, string[]> }
  const saved = new Set<string>()
  for (const { routeFile } of DESTINATIONS) {
    const files = pages[routeFile]
    if (!files) continue
    const held = await Promise.all(files.map((file) => caches.match(file)))
    if (held.every(Boolean)) saved.add(routeFile)
  }
  return saved
}

/**
 * The pages that open offline on this device: those whose code is saved (a shopper's own pages only
 * when signed in). While that is unknown, the pages that usually do.
 */
function useDestinationsOffline(): OfflineDestination[] {
  const [saved, setSaved] = useState<Set<string> | undefined>()
  useEffect(() => {
    let current = true
    routeFilesSaved()
      .then((files) => {
        if (current) setSaved(files)
      })
      .catch(() => {})
    return () => {
      current = false
    }
  }, [])
  // the stored token, not the session hook: the session's code stays out of the shell
  const signedIn = readStoredToken() !== null
  return DESTINATIONS.filter(
    (destination) => (signedIn || !destination.own) && (!saved || saved.has(destination.routeFile)),
  )
}

/** Links to the pages that open offline, as list items (the caller gives the list its name). */
export function OfflineDestinationLinks({ linkClassName }: { linkClassName: string }) {
  return useDestinationsOffline().map((destination) => (
    <li key={destination.to}>
      <Link className={linkClassName} to={destination.to}>
        {destination.name}
      </Link>
    </li>
  ))
}
