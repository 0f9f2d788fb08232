import * as v from 'valibot'
import { payloadObject } from './fields.ts'

/* Web Push subscriptions on the wire (flows §6): GET /mall/push/vapidPublicKey,
 * POST /mall/push/subscribe (the PushSubscription JSON), DELETE /mall/push/subscribe ({ endpoint }). */

/** GET /mall/push/vapidPublicKey */
export interface VapidPublicKeyDto {
  /** The application server key, base64url (uncompressed P-256 point). */
  publicKey: string
}

const base64url = (what: string, min: number, max: number) =>
  v.pipe(
    v.string(`${what}: is required`),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/, `must be base64url`),
    v.minLength(min, `must be base64url`),
    v.maxLength(max, `must be base64url`),
  )

export const MAX_ENDPOINT_LENGTH = 2048

const endpointValue = v.pipe(
  v.string('is required'),
  v.maxLength(MAX_ENDPOINT_LENGTH, `must be at most ${MAX_ENDPOINT_LENGTH} characters`),
  v.url('must be an https URL'),
  v.startsWith('https://', 'must be an https URL'),
)

/** POST /mall/push/subscribe: PushSubscription.toJSON() (expirationTime is ignored). */
export const pushSubscribeBody = payloadObject({
  endpoint: endpointValue,
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object(
    {
      // 65-byte uncompressed P-256 point → 87 characters; 16-byte auth secret → 22.
      p256dh: base64url('p256dh', 86, 90),
      auth: base64url('auth', 21, 24),
    },
    'must be { p256dh, auth }',
  ),
})
export type PushSubscribeBody = v.InferOutput<typeof pushSubscribeBody>

/** DELETE /mall/push/subscribe */
export const pushUnsubscribeBody = payloadObject({ endpoint: endpointValue })
export type PushUnsubscribeBody = v.InferOutput<typeof pushUnsubscribeBody>

/** The push services a browser's endpoint may point at (https on 443 only); others need PUSH_ENDPOINT_HOSTS. */
export const KNOWN_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
]

/**
 * Whether the server may send to this endpoint (no server-side request forgery through a crafted
 * one): https, no credentials, and either a known push service on the default port (a `*.` entry
 * matches any subdomain, not the bare domain) or exactly one of `extraHosts` ('host:port').
 */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  const host = url.hostname.toLowerCase()
  if (url.port === '') {
    const known = KNOWN_PUSH_HOSTS.some((entry) =>
      entry.startsWith('*.')
        ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1
        : host === entry,
    )
    if (known) return true
  }
  const hostPort = `${host}:${url.port || '443'}`
  return extraHosts.some((entry) => entry.toLowerCase() === hostPort)
}

/** The notification click's choice: focus an open window of the app (navigating it) or open a new one. */
export type NotificationClickAction =
  | { kind: 'focus'; clientId: string; url: string }
  | { kind: 'open'; url: string }

/**
 * Where a notification's click goes: `data.url` when it is a page of this origin (else the home page),
 * in the window already showing that page, or else the first window of the app, or a new one.
 */
export function notificationClickAction(
  data: unknown,
  origin: string,
  windows: readonly { id: string; url: string; focused?: boolean }[],
): NotificationClickAction {
  const raw = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined
  let url = `${origin}/`
  if (typeof raw === 'string') {
    try {
      const parsed = new URL(raw, origin)
      if (parsed.origin === origin) url = parsed.href
    } catch {
      // not a URL: the home page
    }
  }
  const same = windows.find((client) => client.url === url)
  const chosen = same ?? windows.find((client) => client.focused) ?? windows[0]
  return chosen ? { kind: 'focus', clientId: chosen.id, url } : { kind: 'open', url }
}

/** The page's push state, for the account page's switch. */
export type PushPermissionState = 'unsupported' | 'needsInstall' | 'default' | 'granted' | 'denied'
