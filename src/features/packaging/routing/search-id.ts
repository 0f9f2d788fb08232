/**
 * A positive whole number from the page's search (`?applyId=12`, which the router reads as a number,
 * or as text when quoted); undefined for anything else, so junk reads as none.
 */
export function searchId(search: Record<string, unknown>, name: string): number | undefined {
  const raw = search[name]
  const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : raw
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 999_999_999
    ? value
    : undefined
}
