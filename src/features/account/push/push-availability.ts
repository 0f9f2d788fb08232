import type { PushPermissionState } from '../../../domain/push.ts'

/** What the page can tell about Web Push in this browser. */
export interface PushTraits {
  /** Service workers, PushManager and Notification all exist. */
  hasPush: boolean
  /** Notification.permission, when there is a Notification. */
  permission: NotificationPermission | undefined
  userAgent: string
  maxTouchPoints: number
  /** Opened from the Home Screen (Safari's navigator.standalone, or display-mode standalone). */
  standalone: boolean
}

/** iPhone and iPod, and an iPad, which since iPadOS 13 says it is a Mac but has a touch screen. */
export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

/**
 * The state the notifications switch starts from. iOS and iPadOS offer push only to a web app added
 * to the Home Screen and opened from there (16.4+; web-push-facts.md), so in the browser the shopper
 * is told to install first, whatever the browser exposes.
 */
export function pushAvailability(traits: PushTraits): PushPermissionState {
  if (isAppleMobile(traits.userAgent, traits.maxTouchPoints) && !traits.standalone) return 'needsInstall'
  if (!traits.hasPush || traits.permission === undefined) return 'unsupported'
  return traits.permission
}

/** The traits of the browser the page runs in. */
export function readPushTraits(): PushTraits {
  const hasNotification = typeof window.Notification === 'function'
  return {
    hasPush: 'serviceWorker' in navigator && typeof window.PushManager === 'function' && hasNotification,
    permission: hasNotification ? Notification.permission : undefined,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone:
      (navigator as Navigator & { standalone?: boolean }).standalone === true ||
      (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches),
  }
}
