import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.tsx'
import { createSessionSlot } from './features/account/session/session-slot.ts'
import { activateLanguage, storedLanguage } from './lib/i18n.ts'
import { readStoredToken } from './lib/session-token.ts'
import { createAppRouter, sessionNavigation } from './router.tsx'

const router = createAppRouter()
const session = createSessionSlot(sessionNavigation(router))

/**
 * The app, brought in by main.tsx once the HTML shell has painted.
 *
 * A stored token's session (and its machine's code) loads while the language's texts do, then the app
 * renders. Not a top-level await: the session's chunk imports from this one, which must finish first.
 */
async function render(): Promise<void> {
  // a signed-in shopper's shell shows account texts (menus, tiers) from the start
  const allTexts = readStoredToken() !== null
  await Promise.all([activateLanguage(storedLanguage(), { allTexts }), session.ready])
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  // A transition renders in slices that yield to the browser, so the first render blocks no input
  // for long (the shell is already on screen meanwhile).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} session={session} />
      </StrictMode>,
    )
  })
}
void render()

// On the very first visit the page loads before the service worker controls it, so those API
// answers were never cached. When it takes control, load the page's data once more through it, but
// never in the middle of a navigation the shopper started: then once that one has settled.
function reloadThroughServiceWorker(): void {
  if (router.state.status === 'idle') {
    void router.invalidate()
    return
  }
  const unsubscribe = router.subscribe('onResolved', () => {
    unsubscribe()
    void router.invalidate()
  })
}
if (import.meta.env.PROD && 'serviceWorker' in navigator && !navigator.serviceWorker.controller) {
  navigator.serviceWorker.addEventListener('controllerchange', reloadThroughServiceWorker, { once: true })
}
