import { useLocation } from '@tanstack/react-router'

/** /login with this page as redirectUrl, so logging in brings the shopper back here. */
export function useLoginHref(): string {
  const href = useLocation({ select: (location) => location.href })
  return `/login?${new URLSearchParams({ redirectUrl: href })}`
}
