/*
 * This browser's push subscription. Subscribing goes through the browser's push service, which may
 * never answer (offline, or a service that cannot be reached: web-push-facts.md), so every wait here
 * has an end.
 */

/** How long subscribing may take before the switch says the push service could not be reached. */
export const SUBSCRIBE_TIMEOUT_MS = 20_000

/** Subscribing did not finish in time. */
export class PushTimeout extends Error {
  constructor() {
    super('The push service did not answer in time')
    this.name = 'PushTimeout'
  }
}

/** `work`, or a PushTimeout after `timeoutMs` if it has not settled by then. */
export async function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushTimeout()), timeoutMs)
  })
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** The bytes of a base64url text (the VAPID public key). */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0))
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (a === null || a.byteLength !== b.byteLength) return false
  const bytes = new Uint8Array(a)
  return bytes.every((byte, index) => byte === b[index])
}

/** This browser's subscription, if it has one; none while no service worker is registered. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  // jsdom and some embedded browsers have no navigator.serviceWorker
  const registration = await navigator.serviceWorker?.getRegistration()
  return (await registration?.pushManager?.getSubscription()) ?? null
}

/**
 * Subscribes this browser with the shop's key. A subscription made with another key (the shop's keys
 * were replaced) cannot be reused: it is dropped first. Rejects with PushTimeout after `timeoutMs`.
 */
export function subscribeDevice(
  publicKey: string,
  timeoutMs = SUBSCRIBE_TIMEOUT_MS,
): Promise<PushSubscription> {
  const subscribe = async () => {
    const registration = await navigator.serviceWorker.ready
    const applicationServerKey = base64UrlBytes(publicKey)
    const existing = await registration.pushManager.getSubscription()
    if (existing && sameBytes(existing.options.applicationServerKey, applicationServerKey)) return existing
    if (existing) await existing.unsubscribe()
    return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })
  }
  return withTimeout(subscribe(), timeoutMs)
}
