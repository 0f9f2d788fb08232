import { useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from 'react'
import { css, cx } from '../../../styled-system/css'
import { firstFocusableIn, trapTab } from './focus-trap.ts'

// Spec §9: base z-index 2000. The toast host comes later in the document, so toasts stay above this.
const backdrop = css({
  position: 'fixed',
  inset: '0',
  zIndex: 2000,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  p: '4',
  bg: 'rgba(15, 23, 42, 0.55)',
})
const panel = css({
  position: 'relative',
  width: 'full',
  bg: 'surface',
  color: 'text',
  borderRadius: 'lg',
  boxShadow: 'xl',
  p: '6',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  // A dialog taller than the screen (an editor with a body per language) scrolls inside itself.
  maxHeight: 'calc(100dvh - 2rem)',
  overflowY: 'auto',
})
// lg is the announcement dialog's 600 px (spec §9).
const panelWidth = {
  sm: css({ maxWidth: 'sm' }),
  md: css({ maxWidth: 'md' }),
  lg: css({ maxWidth: '600px' }),
}
const title = css({ fontSize: 'lg', fontWeight: 'semibold', pr: '8' })
const closeButton = css({
  position: 'absolute',
  top: '3',
  right: '3',
  width: '8',
  height: '8',
  fontSize: 'xl',
  lineHeight: '1',
  color: 'text.muted',
  borderRadius: 'sm',
  cursor: 'pointer',
  _hover: { color: 'text' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

export interface ModalDialogProps {
  /** The heading that names the dialog. */
  title: ReactNode
  /** What closing means to the caller: the × button, and Escape or the backdrop where allowed. */
  onClose: () => void
  /** Escape closes it. Otherwise (a forced dialog) Escape is swallowed, so nothing behind reacts. */
  closeOnEscape?: boolean
  /** A click on the backdrop closes it. */
  closeOnBackdrop?: boolean
  /** A × button beside the title closes it. */
  showCloseButton?: boolean
  /** The id of an element inside that describes the dialog, e.g. a warning. */
  describedBy?: string
  /** Where focus goes on opening and when it strays outside; else the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>
  width?: 'sm' | 'md' | 'lg'
  children: ReactNode
}

/**
 * A modal dialog over a dimmed backdrop. Focus moves in on opening, Tab and Shift+Tab cycle inside,
 * focus that strays outside (a click on a toast) is brought back, and on closing it returns to where
 * it was.
 */
export function ModalDialog(props: ModalDialogProps) {
  const { t } = useLingui()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const { initialFocus } = props

  // Runs once per opening (a ref object keeps its identity), in the commit that shows the dialog:
  // focus is inside before the first paint and before anything else can see the dialog.
  useLayoutEffect(() => {
    const previous = document.activeElement
    const focusStart = () => (initialFocus?.current ?? firstFocusableIn(dialogRef.current))?.focus()
    focusStart()
    const keepFocusInside = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialogRef.current?.contains(event.target)) focusStart()
    }
    document.addEventListener('focusin', keepFocusInside)
    return () => {
      document.removeEventListener('focusin', keepFocusInside)
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    }
  }, [initialFocus])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      if (props.closeOnEscape) props.onClose()
      else event.preventDefault()
      return
    }
    trapTab(event, dialogRef.current)
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; Escape or a button closes it by keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div
      className={backdrop}
      onClick={(event) => {
        if (props.closeOnBackdrop && event.target === event.currentTarget) props.onClose()
      }}
    >
      <div
        ref={dialogRef}
        className={cx(panel, panelWidth[props.width ?? 'md'])}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={props.describedBy}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={title}>
          {props.title}
        </h2>
        {props.showCloseButton ? (
          <button type="button" className={closeButton} aria-label={t`关闭`} onClick={props.onClose}>
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
        {props.children}
      </div>
    </div>
  )
}
