import type { KeyboardEvent } from 'react'

/** What Tab can reach inside a dialog; a closed section (`hidden`) holds nothing reachable. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.closest('[hidden]') === null,
  )
}

/** The first place focus goes when a dialog opens. */
export function firstFocusableIn(container: HTMLElement | null): HTMLElement | undefined {
  return container ? focusableIn(container)[0] : undefined
}

/** Keeps Tab and Shift+Tab inside a modal: from the last element back to the first, and the reverse. */
export function trapTab(event: KeyboardEvent<HTMLElement>, container: HTMLElement | null): void {
  if (event.key !== 'Tab' || !container) return
  const focusable = focusableIn(container)
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last?.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first?.focus()
  }
}
