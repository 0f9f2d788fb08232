import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { ToastHost } from './components/ui/toast-host.tsx'
import type { SessionSlot } from './features/account/session/session-slot.ts'
import { SessionProvider } from './features/account/session/use-session.tsx'
import { i18n } from './lib/i18n.ts'
import type { AppRouter } from './router.tsx'

export function App({ router, session }: { router: AppRouter; session: SessionSlot }) {
  return (
    <I18nProvider i18n={i18n}>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
        <ToastHost />
      </SessionProvider>
    </I18nProvider>
  )
}
