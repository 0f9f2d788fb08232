import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { createRootRoute, Link, Outlet, useLocation, useRouter } from '@tanstack/react-router'
import { css } from '../../styled-system/css'
import { Notice } from '../components/ui/notice.tsx'
import type { CategoryNode } from '../domain/catalog.ts'
import type { Language } from '../domain/language.ts'
import { getCategoryTree } from '../features/catalog/api/get-category-tree.ts'
import { SiteFooter } from '../features/content/components/site-footer.tsx'
import { AppHeader } from '../features/shell/components/app-header.tsx'
import { MemberExtras } from '../features/shell/components/member-extras.tsx'
import { RootError } from '../features/shell/components/root-error.tsx'
import { OfflineIndicator } from '../features/shell/offline/offline-indicator.tsx'
import { AppUpdates } from '../features/shell/update/app-updates.tsx'
import { activateLanguage, currentLanguage, loadAllTexts } from '../lib/i18n.ts'

// At least a screen high: the footer starts below the first screen, so a page whose content arrives
// after its first paint (a cart, an order, fees) never pushes a visible footer down (layout shift).
const main = css({ maxWidth: '7xl', mx: 'auto', px: { base: '3', md: '4' }, py: '6', minHeight: '100vh' })

/**
 * The catalog's pages (home, lists, series, search, products, articles) need only the shell's texts;
 * any other page (account, cart, favourites, addresses …) waits for every text before it shows.
 */
const SHELL_TEXT_PAGES =
  /^\/($|product-[a-z-]+\/(list|product\/\d+)$|product\/\d+$|product-(hot-series|all-series)$|article\/)/

export const Route = createRootRoute({
  beforeLoad: async ({ location }) => {
    if (!SHELL_TEXT_PAGES.test(location.pathname)) await loadAllTexts().catch(() => {})
  },
  // The category tree is fetched once; a failure leaves the bar empty rather than blocking the shop.
  loader: async (): Promise<{ categories: CategoryNode[] }> => {
    try {
      return { categories: await getCategoryTree() }
    } catch {
      return { categories: [] }
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  component: RootLayout,
  errorComponent: RootError,
  notFoundComponent: NotFound,
})

function RootLayout() {
  const { categories } = Route.useLoaderData()
  const router = useRouter()
  useLingui() // re-render on language change
  const language = currentLanguage()
  // The sandbox gateway's page stands in for a provider's hosted page: none of the shop around it.
  const providerPage = useLocation({ select: (location) => location.pathname.startsWith('/sandbox-pay/') })
  // The operator console has a frame of its own (its lazy layout): no shop header, footer or badges.
  const consolePage = useLocation({ select: (location) => /^\/ops(\/|$)/.test(location.pathname) })
  const changeLanguage = async (next: Language) => {
    // stores the choice (localeLang) and switches the texts
    await activateLanguage(next)
    // Reload the page's lists in the new language; the category tree carries all three names already.
    // The header's type choices follow the language and reset to the first by themselves.
    await router.invalidate({ filter: (match) => match.routeId !== '__root__' })
  }
  if (providerPage) {
    return (
      <main className={main}>
        <Outlet />
      </main>
    )
  }
  if (consolePage) {
    return (
      <>
        <Outlet />
        <OfflineIndicator />
        {import.meta.env.PROD ? <AppUpdates /> : null}
      </>
    )
  }
  return (
    <>
      <AppHeader
        language={language}
        onLanguageChange={(next) => void changeLanguage(next)}
        categories={categories}
      />
      <main className={main}>
        <Outlet />
      </main>
      <SiteFooter language={language} />
      <OfflineIndicator />
      <MemberExtras />
      {/* Only a production build has a service worker to register. */}
      {import.meta.env.PROD ? <AppUpdates /> : null}
    </>
  )
}

function NotFound() {
  return (
    <Notice
      tone="info"
      title={<Trans>找不到这个页面</Trans>}
      action={
        <Link to="/">
          <Trans>返回首页</Trans>
        </Link>
      }
    >
      <Trans>链接可能已失效，或页面尚未开放。</Trans>
    </Notice>
  )
}
