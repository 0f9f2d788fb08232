import { randomBytes } from 'node:crypto'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/**
 * `length` random base62 characters. Bytes of 248 and above are skipped so every character is equally
 * likely (248 = 4 × 62): 24 characters carry about 143 bits, far beyond guessing.
 */
export function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62]
    }
  }
  return out
}

/**
 * A new payment id. It is the only authorisation of the sandbox's hosted page and of the return
 * pages' links (like a provider's session URL), so it must be unguessable, never a sequence.
 */
export const newPaymentId = (): string => `pay_${randomBase62(24)}`

/** The shape of every payment id; anything else is refused before the database is asked. */
export const PAYMENT_ID_PATTERN = /^pay_[0-9A-Za-z]{24}$/
