import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { App } from '../../../src/app.tsx'
import { activateLanguage, storedLanguage } from '../../../src/lib/i18n.ts'
import { createAppRouter } from '../../../src/router.tsx'

/** The whole PWA (router, i18n, real loaders and API client) at a path, as main.tsx starts it. */
export async function renderApp(path = '/') {
  await activateLanguage(storedLanguage())
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) })
  return { router, ...render(<App router={router} />) }
}
