import { useSelector } from '@xstate/react'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import {
  type SessionSnapshot,
  type StartupData,
  selectClaims,
  selectIsSignedIn,
  selectStartup,
} from '../../../../machines/session/session.machine.ts'
import { type CartSessionLink, cartLinkFor } from './cart-link.ts'
import type { SessionActor } from './create-session.ts'

const SessionContext = createContext<SessionActor | null>(null)

export function SessionProvider(props: { session: SessionActor; children: ReactNode }) {
  return <SessionContext value={props.session}>{props.children}</SessionContext>
}

function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext)
  if (!actor) throw new Error('useSession needs a SessionProvider above it')
  return actor
}

const selectLoading = (snapshot: SessionSnapshot) => snapshot.matches({ signedIn: 'loadingStartup' })
const selectStartupError = (snapshot: SessionSnapshot) => snapshot.context.startupError
const selectSigningOut = (snapshot: SessionSnapshot) => snapshot.matches('signingOut')

/** The shopper's session for components: who is signed in, the startup data, and the session's commands. */
export function useSession() {
  const actor = useSessionActor()
  return {
    signedIn: useSelector(actor, selectIsSignedIn),
    claims: useSelector(actor, selectClaims),
    startup: useSelector(actor, selectStartup),
    loadingStartup: useSelector(actor, selectLoading),
    startupError: useSelector(actor, selectStartupError),
    signingOut: useSelector(actor, selectSigningOut),
    logOut: () => actor.send({ type: 'LOG_OUT' }),
    /** The server ended this session already (e-mail changed): sign out here, staying on the page. */
    forgetEndedSession: () => actor.send({ type: 'SESSION_ENDED_ELSEWHERE' }),
    reloadStartup: () => actor.send({ type: 'RELOAD_STARTUP' }),
    /** Part of the startup data changed on a page that knows its new value (the address count). */
    patchStartup: (patch: Partial<StartupData>) => actor.send({ type: 'STARTUP_PATCHED', patch }),
  }
}

/** The session as the cart sees it (whose cart, the header's count), for the cart's lazily loaded code. */
export function useCartLink(): CartSessionLink {
  const actor = useSessionActor()
  return useMemo(() => cartLinkFor(actor), [actor])
}
