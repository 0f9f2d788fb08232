import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { App } from '../../../src/app.tsx'
import { createSession } from '../../../src/features/account/session/create-session.ts'
import { activateLanguage, storedLanguage } from '../../../src/lib/i18n.ts'
import { createAppRouter, sessionNavigation } from '../../../src/router.tsx'

/** The whole PWA (router, session, i18n, real loaders and API client) at a path, as main.tsx starts it. */
export async function renderApp(path = '/') {
  await activateLanguage(storedLanguage())
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) })
  // A fresh session per render, started from whatever token the test stored.
  const session = createSession(sessionNavigation(router))
  return { router, session, ...render(<App router={router} session={session} />) }
}
