import { useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { firstFocusableIn, trapTab } from '../../../components/ui/focus-trap.ts'

// Spec §9: base z-index 2000, like the dialogs.
const backdrop = css({
  position: 'fixed',
  inset: '0',
  zIndex: 2000,
  bg: 'rgba(15, 23, 42, 0.55)',
  display: 'flex',
})
const panel = css({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  bg: 'surface',
  color: 'text',
  boxShadow: 'xl',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
})
const sides = {
  left: css({ width: 'min(85vw, 360px)', height: 'full' }),
  top: css({ width: 'full', maxHeight: '100dvh', alignSelf: 'flex-start' }),
}
const header = css({
  position: 'sticky',
  top: '0',
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  px: '4',
  height: '60px',
  flexShrink: 0,
  bg: 'surface',
  borderBottom: '1px solid',
  borderColor: 'border',
})
const title = css({ fontSize: 'md', fontWeight: 'semibold' })
const closeButton = css({
  width: '9',
  height: '9',
  fontSize: '2xl',
  lineHeight: '1',
  color: 'text.muted',
  borderRadius: 'sm',
  cursor: 'pointer',
  _hover: { color: 'text' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const body = css({ display: 'flex', flexDirection: 'column', gap: '4', p: '4' })

/**
 * A modal drawer sliding in from the left (the menu) or the top (the search). Focus moves in on
 * opening and stays inside (Tab cycles), Escape, the × button and a tap on the backdrop close it, and
 * focus returns to what opened it.
 */
export function Drawer(props: {
  title: ReactNode
  side: 'left' | 'top'
  onClose: () => void
  /** Where focus goes on opening (and when it strays outside); else the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>
  children: ReactNode
}) {
  const { t } = useLingui()
  const titleId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const { initialFocus } = props

  // Runs once per opening: a ref object keeps its identity.
  useEffect(() => {
    const previous = document.activeElement
    const focusStart = () => (initialFocus?.current ?? firstFocusableIn(panelRef.current))?.focus()
    focusStart()
    const keepFocusInside = (event: FocusEvent) => {
      if (event.target instanceof Node && !panelRef.current?.contains(event.target)) focusStart()
    }
    document.addEventListener('focusin', keepFocusInside)
    // the page behind must not scroll under the drawer
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('focusin', keepFocusInside)
      document.body.style.overflow = overflow
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    }
  }, [initialFocus])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      props.onClose()
      return
    }
    trapTab(event, panelRef.current)
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; Escape or the × button close it by keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div
      className={backdrop}
      onClick={(event) => {
        if (event.target === event.currentTarget) props.onClose()
      }}
    >
      <div
        ref={panelRef}
        className={cx(panel, sides[props.side])}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <div className={header}>
          <h2 id={titleId} className={title}>
            {props.title}
          </h2>
          <button type="button" className={closeButton} aria-label={t`关闭`} onClick={props.onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className={body}>{props.children}</div>
      </div>
    </div>
  )
}
