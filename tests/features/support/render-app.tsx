import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { SessionEvent } from '../../../machines/session/session.machine.ts'
import { App } from '../../../src/app.tsx'
import { createSessionSlot } from '../../../src/features/account/session/session-slot.ts'
import { activateLanguage, storedLanguage } from '../../../src/lib/i18n.ts'
import { readStoredToken } from '../../../src/lib/session-token.ts'
import { createAppRouter, sessionNavigation } from '../../../src/router.tsx'

/** The whole PWA (router, session, i18n, real loaders and API client) at a path, as boot.tsx starts it. */
export async function renderApp(path = '/') {
  await activateLanguage(storedLanguage(), { allTexts: readStoredToken() !== null })
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) })
  // A fresh session per render, started from whatever token the test stored.
  const slot = createSessionSlot(sessionNavigation(router))
  await slot.ready
  // The running session actor; a visitor has none until a response brings a token.
  const running = () => {
    const actor = slot.current()
    if (!actor) throw new Error('no session is running (a visitor without a token)')
    return actor
  }
  const session = {
    getSnapshot: () => running().getSnapshot(),
    send: (event: SessionEvent) => running().send(event),
  }
  return { router, slot, session, ...render(<App router={router} session={slot} />) }
}
