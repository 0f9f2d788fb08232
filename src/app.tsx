import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { ToastHost } from './components/ui/toast-host.tsx'
import type { SessionActor } from './features/account/session/create-session.ts'
import { SessionProvider } from './features/account/session/use-session.tsx'
import { i18n } from './lib/i18n.ts'
import type { AppRouter } from './router.tsx'

export function App({ router, session }: { router: AppRouter; session: SessionActor }) {
  return (
    <I18nProvider i18n={i18n}>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
        <ToastHost />
      </SessionProvider>
    </I18nProvider>
  )
}
