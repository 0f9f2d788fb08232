/* Types for the untyped `http_ece` 1.2.1 (Encrypted Content-Encoding, RFC 8188/8291), as the push
 * service fixture uses it: a receiver decrypting what web-push sent. Test-only. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'

  export interface EceParams {
    version: 'aes128gcm' | 'aesgcm' | 'aesgcm128'
    /** The receiver's key pair (the browser's p256dh). */
    privateKey?: ECDH
    /** The subscription's auth secret: 16 bytes, or base64url. */
    authSecret?: Buffer | string
    /** aesgcm only: the sender's public key and the salt, from the headers. */
    dh?: Buffer | string
    salt?: Buffer | string
    key?: Buffer | string
    keyid?: string
    keymap?: Record<string, ECDH>
    rs?: number
  }

  export function decrypt(buffer: Buffer, params: EceParams): Buffer
  export function encrypt(buffer: Buffer, params: EceParams): Buffer
  const ece: { decrypt: typeof decrypt; encrypt: typeof encrypt }
  export default ece
}
