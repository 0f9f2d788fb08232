import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { ToastHost } from './components/ui/toast-host.tsx'
import { i18n } from './lib/i18n.ts'
import type { createAppRouter } from './router.tsx'

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
      <ToastHost />
    </I18nProvider>
  )
}
