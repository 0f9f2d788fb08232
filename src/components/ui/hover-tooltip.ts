import { useEffect, useRef, useState } from 'react'
import { css } from '../../../styled-system/css'

/** Spec §9: a tooltip lingers this long after the pointer or focus leaves, so the pointer can reach it. */
export const TOOLTIP_HIDE_DELAY_MS = 200

/**
 * Open state of a tooltip shown on hover, focus or tap: `show` opens it, `hideSoon` closes it after
 * the delay (pointer or focus left), `hideNow` closes it at once (Escape).
 */
export function useHoverTooltip() {
  const [open, setOpen] = useState(false)
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(hideTimer.current), [])
  return {
    open,
    show() {
      clearTimeout(hideTimer.current)
      setOpen(true)
    },
    hideSoon() {
      clearTimeout(hideTimer.current)
      hideTimer.current = setTimeout(() => setOpen(false), TOOLTIP_HIDE_DELAY_MS)
    },
    hideNow() {
      clearTimeout(hideTimer.current)
      setOpen(false)
    },
  }
}

/** The dark panel under its trigger; place it with `left: 0` or `right: 0`. */
export const tooltipPanel = css.raw({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  zIndex: 2000,
  width: 'max-content',
  // spec §9: a tooltip is at most 400 wide
  maxWidth: 'min(400px, calc(100vw - 24px))',
  px: '3',
  py: '2',
  borderRadius: 'md',
  bg: 'gray.800',
  color: 'white',
  fontSize: 'xs',
  fontWeight: 'normal',
  boxShadow: 'md',
  '&[hidden]': { display: 'none' },
})
