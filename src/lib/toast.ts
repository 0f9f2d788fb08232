export type ToastTone = 'success' | 'error' | 'warning' | 'info'

export interface Toast {
  id: number
  tone: ToastTone
  message: string
  durationMs: number
}

/** Spec §9: toasts stay 3000 ms; success and warning messages 1000 ms. */
export const DEFAULT_TOAST_DURATION_MS: Record<ToastTone, number> = {
  success: 1000,
  error: 3000,
  warning: 1000,
  info: 3000,
}

type ToastListener = (toasts: readonly Toast[]) => void

let toasts: readonly Toast[] = []
let lastId = 0
const timers = new Map<number, ReturnType<typeof setTimeout>>()
const listeners = new Set<ToastListener>()

function publish(next: readonly Toast[]): void {
  toasts = next
  for (const listener of listeners) listener(toasts)
}

function scheduleDismiss(toast: Toast): void {
  clearTimeout(timers.get(toast.id))
  // A non-finite or non-positive duration keeps the toast until it is closed (setTimeout would fire at once).
  if (!Number.isFinite(toast.durationMs) || toast.durationMs <= 0) return
  timers.set(
    toast.id,
    setTimeout(() => dismissToast(toast.id), toast.durationMs),
  )
}

/**
 * Shows a toast and returns its id. The same tone and message already on screen is not stacked again
 * (a page whose calls all fail at once shows one message); its timer restarts instead.
 */
export function showToast(input: { tone: ToastTone; message: string; durationMs?: number }): number {
  const durationMs = input.durationMs ?? DEFAULT_TOAST_DURATION_MS[input.tone]
  const same = toasts.find((toast) => toast.tone === input.tone && toast.message === input.message)
  if (same) {
    const renewed = { ...same, durationMs: Math.max(same.durationMs, durationMs) }
    publish(toasts.map((toast) => (toast.id === same.id ? renewed : toast)))
    scheduleDismiss(renewed)
    return same.id
  }
  lastId += 1
  const toast: Toast = { id: lastId, tone: input.tone, message: input.message, durationMs }
  publish([...toasts, toast])
  scheduleDismiss(toast)
  return toast.id
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id))
  timers.delete(id)
  if (!toasts.some((toast) => toast.id === id)) return
  publish(toasts.filter((toast) => toast.id !== id))
}

/** Calls `listener` with the toasts on screen after every change; returns the unsubscribe function. */
export function subscribeToasts(listener: ToastListener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The toasts on screen; the same array until something changes (a stable useSyncExternalStore snapshot). */
export function currentToasts(): readonly Toast[] {
  return toasts
}

/** Closes every toast (between tests, or when a screen change makes them moot). */
export function dismissAllToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer)
  timers.clear()
  if (toasts.length > 0) publish([])
}
