import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react'
import type {
  SessionEvent,
  SessionSnapshot,
  StartupData,
} from '../../../../machines/session/session.machine.ts'
import type { CartSessionLink } from './cart-session-link.ts'
import { type SessionSlot, slotCartLink } from './session-slot.ts'

const SessionContext = createContext<SessionSlot | null>(null)

export function SessionProvider(props: { session: SessionSlot; children: ReactNode }) {
  return <SessionContext value={props.session}>{props.children}</SessionContext>
}

function useSessionSlot(): SessionSlot {
  const slot = useContext(SessionContext)
  if (!slot) throw new Error('useSession needs a SessionProvider above it')
  return slot
}

/** A visitor before any session runs: signed out, nothing loaded (the machine's EMPTY_STARTUP). */
const NO_STARTUP: StartupData = {
  cartNumber: 0,
  addressCount: 0,
  extraPayCount: 0,
  orderFinalCount: 0,
  orderFinalOverCount: 0,
  applyCount: 0,
  applyOverCount: 0,
  expressCount: 0,
  expressOverCount: 0,
  charge: null,
  vipList: [],
  payInfo: null,
}

/** The session's current snapshot, or undefined while none runs. */
function useSessionSnapshot(slot: SessionSlot): SessionSnapshot | undefined {
  return useSyncExternalStore(slot.subscribe, () => slot.current()?.getSnapshot())
}

/** The shopper's session for components: who is signed in, the startup data, and the session's commands. */
export function useSession() {
  const slot = useSessionSlot()
  const snapshot = useSessionSnapshot(slot)
  const signedIn = snapshot?.matches('signedIn') ?? false
  const send = (event: SessionEvent) => slot.current()?.send(event)
  return {
    signedIn,
    claims: signedIn ? (snapshot?.context.claims ?? null) : null,
    startup: snapshot?.context.startup ?? NO_STARTUP,
    loadingStartup: snapshot?.matches({ signedIn: 'loadingStartup' }) ?? false,
    startupError: snapshot?.context.startupError ?? false,
    signingOut: snapshot?.matches('signingOut') ?? false,
    logOut: () => send({ type: 'LOG_OUT' }),
    /** The server ended this session already (e-mail changed): sign out here, staying on the page. */
    forgetEndedSession: () => send({ type: 'SESSION_ENDED_ELSEWHERE' }),
    reloadStartup: () => send({ type: 'RELOAD_STARTUP' }),
    /** Part of the startup data changed on a page that knows its new value (the address count). */
    patchStartup: (patch: Partial<StartupData>) => send({ type: 'STARTUP_PATCHED', patch }),
  }
}

/** The session as the cart sees it (whose cart, the header's count), for the cart's lazily loaded code. */
export function useCartLink(): CartSessionLink {
  const slot = useSessionSlot()
  return useMemo(() => slotCartLink(slot), [slot])
}
