import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen.ts'

export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: true,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

/** Pages open to visitors where an ended session only signs out: the page itself is what the user came for. */
const STAY_ON_SESSION_END = new Set(['/login', '/signup', '/forgot', '/replaceEmail'])

/**
 * Where the session sends the shopper. A timeout goes to /login with the page they were on (or were
 * opening) as redirectUrl, so logging in brings them back; a disabled account or a logout goes home.
 * A sign-in or sign-out reloads the open page's data.
 */
export function sessionNavigation(router: AppRouter) {
  return {
    goToLogin() {
      const target = router.latestLocation
      if (STAY_ON_SESSION_END.has(target.pathname)) return
      const redirectUrl =
        target.pathname === '/' ? '' : `?${new URLSearchParams({ redirectUrl: target.href })}`
      router.history.push(`/login${redirectUrl}`)
    },
    goHome() {
      router.history.push('/')
    },
    reloadPage() {
      // the category tree is the same for everyone; the page's lists carry prices or not
      void router.invalidate({ filter: (match) => match.routeId !== '__root__' })
    },
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
