/** Local-storage key of the signed session token (sent back in the request header `token`). */
const TOKEN_STORAGE_KEY = 'token'

/** The stored session token, or null when signed out or when storage is blocked (private mode). */
export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) || null
  } catch {
    return null
  }
}

export function storeToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token)
  } catch {
    // not persisted: this visit still signs out when the page closes, which is the safe side
  }
}

export function clearStoredToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY)
  } catch {
    // storage blocked: nothing was stored either
  }
}
