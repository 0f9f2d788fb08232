import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { type ServiceWorkerUpdates, serviceWorkerUpdates } from './service-worker-updates.ts'

// The prompt's code and texts are needed only once the worker has something to say.
const AppUpdatePrompt = lazy(() =>
  import('./app-update-prompt.tsx').then((module) => ({ default: module.AppUpdatePrompt })),
)

/** Registers the service worker and shows the prompt when it is ready offline or a new version waits. */
export function AppUpdates({ updates = serviceWorkerUpdates }: { updates?: ServiceWorkerUpdates }) {
  const offer = useSyncExternalStore(updates.subscribe, updates.offer)
  useEffect(() => updates.start(), [updates])
  if (!offer) return null
  return (
    <Suspense>
      <AppUpdatePrompt offer={offer} updates={updates} />
    </Suspense>
  )
}
