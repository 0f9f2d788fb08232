import { createHmac, timingSafeEqual } from 'node:crypto'
import { PACKAGE_PHOTO_URL_SECONDS } from '../../../src/domain/package-photos.ts'
import type { Db } from '../../db/client.ts'
import { serverSecret } from '../accounts/server-secrets.ts'
import { isPackagePhotoKey } from './photo-store.ts'

/*
 * A photo's URL is its private key, when it stops working and an HMAC of both under a server secret:
 * whoever holds the URL may fetch the bytes until then, nobody can make one for another key or a later
 * time. Checked without reading the database, so a forged URL costs nothing.
 */

/** Where the app answers signed photo URLs (GET, no token: an <img> sends none). */
export const PACKAGE_PHOTO_URL_PREFIX = '/api/package-photos/'

const SECRET_NAME = 'package-photo-url'
const secrets = new WeakMap<Db, Promise<Uint8Array>>()

/** The signing key, made once per database (every process shares it) and read once per process. */
export function photoUrlKey(db: Db): Promise<Uint8Array> {
  let key = secrets.get(db)
  if (!key) {
    key = serverSecret(db, SECRET_NAME)
    // A failed read is not kept: the next request tries again.
    key.catch(() => secrets.delete(db))
    secrets.set(db, key)
  }
  return key
}

const signatureOf = (secret: Uint8Array, key: string, expires: number) =>
  createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url')

/** The URL of `key` that works until `now` + PACKAGE_PHOTO_URL_SECONDS. */
export function signedPhotoUrl(secret: Uint8Array, key: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + PACKAGE_PHOTO_URL_SECONDS
  const signature = signatureOf(secret, key, expires)
  // The key's folder `package-photos/` is the prefix's last segment already.
  const path = key.slice('package-photos/'.length)
  return `${PACKAGE_PHOTO_URL_PREFIX}${path}?expires=${expires}&signature=${signature}`
}

export type PhotoUrlCheck = { ok: true } | { ok: false; reason: 'badSignature' | 'expired' }

/** Whether a URL's `expires` and `signature` were made by signedPhotoUrl for `key` and still hold at `now`. */
export function checkPhotoUrl(
  secret: Uint8Array,
  key: string,
  expires: string | undefined,
  signature: string | undefined,
  now: Date,
): PhotoUrlCheck {
  if (!isPackagePhotoKey(key) || !expires || !/^[0-9]{1,12}$/.test(expires) || !signature) {
    return { ok: false, reason: 'badSignature' }
  }
  // Compared as text: decoding would let a last character that differs only in unused bits pass.
  const expected = Buffer.from(signatureOf(secret, key, Number(expires)))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'badSignature' }
  }
  // Checked after the signature, so an expired answer says nothing about a forged URL.
  if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true }
}
