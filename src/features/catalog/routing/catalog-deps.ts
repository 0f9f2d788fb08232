import { readSessionClaims } from '../../../domain/session.ts'
import { currentLanguage } from '../../../lib/i18n.ts'
import { readStoredToken } from '../../../lib/session-token.ts'

/**
 * Who is looking, as far as prices go: a visitor, or an account with its price role. Part of every
 * catalog loader's deps, so a page loaded before signing in (no prices) is not reused after it.
 */
function priceViewerKey(): string {
  const token = readStoredToken()
  const claims = token ? readSessionClaims(token) : undefined
  return claims ? `${claims.sub}:${claims.role ?? claims.kind}` : 'visitor'
}

/** The loader deps every catalog page shares: the answer depends on the language and on the viewer. */
export function catalogDeps() {
  return { language: currentLanguage(), viewer: priceViewerKey() }
}
