import { configureSession } from '../../../lib/api-client.ts'
import { readStoredToken } from '../../../lib/session-token.ts'
import { type CartSessionLink, cartLinkOver } from './cart-session-link.ts'
import type { SessionActor, SessionNavigation, SessionStartOptions } from './create-session.ts'

/**
 * Where the tab's session actor lives. With a stored token it starts at once; a visitor's first pages
 * run without it (its machine and xstate stay out of the first load) and it starts on the first token
 * a response brings: a login or a registration.
 */
export interface SessionSlot {
  /** The running session, or null while a visitor browses without one. */
  current(): SessionActor | null
  /** Settles when the session a stored token asks for is running (at once for a visitor). */
  ready: Promise<void>
  /** Calls `listener` whenever the session or its state changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
}

export function createSessionSlot(navigation: SessionNavigation): SessionSlot {
  let actor: SessionActor | null = null
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  let starting: Promise<SessionActor> | undefined
  const start = (options?: SessionStartOptions) => {
    starting ??= import('./create-session.ts').then(async ({ createSession }) => {
      const started = await createSession(navigation, options)
      actor = started
      started.subscribe(notify)
      notify()
      return started
    })
    return starting
  }

  let ready: Promise<void>
  if (readStoredToken()) {
    ready = start().then(() => undefined)
  } else {
    ready = Promise.resolve()
    // Until the session runs, the API client hands a new token here. It is stored already, so the
    // session starts signed in with it (createSession installs its own hooks) and the open page
    // reloads its data with the shopper's prices. A visitor's calls carry no token: no 9004/9005.
    configureSession({
      // a login's session has no saved snapshot to resume
      onToken: () => void start({ resume: false }).then(() => navigation.reloadPage()),
      onSessionExpired: () => {},
      onAccountDisabled: () => {},
    })
  }

  return {
    current: () => actor,
    ready,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The cart's view of the tab's session, following the slot as the session starts. */
export function slotCartLink(slot: SessionSlot): CartSessionLink {
  return cartLinkOver(slot.current, slot.subscribe)
}
