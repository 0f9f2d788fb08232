import { useSession } from '../account/session/use-session.tsx'

/**
 * Whose prices the catalog shows: `role` null for a visitor (no prices at all), the account's price
 * role when signed in (0 when it has none, which shows the generic label); `rate` is the yen →
 * renminbi rate for the estimate, undefined when the shop has not set one.
 */
export function usePriceViewer(): { role: number | null; rate: number | undefined } {
  const { signedIn, claims, startup } = useSession()
  return {
    role: signedIn ? (claims?.role ?? 0) : null,
    rate: startup.charge?.rate ?? undefined,
  }
}
