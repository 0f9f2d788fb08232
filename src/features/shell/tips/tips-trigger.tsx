import { lazy, Suspense, useEffect, useState } from 'react'
import { headerBadgeCounts, headerBadgeTotal } from '../../../domain/badges.ts'
import { useSession } from '../../account/session/use-session.tsx'

// Its code and texts come only when it opens: at most once per login in a tab.
const TipsDialog = lazy(() => import('./tips-dialog.tsx').then((module) => ({ default: module.TipsDialog })))

/** The login (account and session id) the tips dialog last opened for in this tab. */
const SHOWN_KEY = 'tipsShownFor'

/** Whether the dialog has yet to open for this login in this tab; remembers that it now does. */
function firstOpeningFor(login: string): boolean {
  try {
    if (sessionStorage.getItem(SHOWN_KEY) === login) return false
    sessionStorage.setItem(SHOWN_KEY, login)
  } catch {
    // storage blocked: it opens once per page view
  }
  return true
}

/**
 * Opens the tips dialog (spec §2 'Tips dialog') for a customer once per login in this tab, as soon as
 * the startup counts show anything pending (balances, packaging, shipping or extra fees).
 */
export function TipsTrigger() {
  const { claims, startup } = useSession()
  const [openFor, setOpenFor] = useState<string>()
  const login = claims?.kind === 'customer' ? `${claims.sub}:${claims.sid}` : undefined
  const pending = headerBadgeTotal(headerBadgeCounts(startup)) > 0
  useEffect(() => {
    if (login && pending && firstOpeningFor(login)) setOpenFor(login)
  }, [login, pending])
  if (!login || openFor !== login) return null
  return (
    <Suspense>
      <TipsDialog counts={startup} onClose={() => setOpenFor(undefined)} />
    </Suspense>
  )
}
