import { useLingui } from '@lingui/react/macro'
import { useSyncExternalStore } from 'react'
import { css, cx } from '../../../styled-system/css'
import { currentToasts, dismissToast, subscribeToasts, type Toast, type ToastTone } from '../../lib/toast.ts'

// Spec §9: offset 16 from the top, base z-index 2000.
const stack = css({
  position: 'fixed',
  top: '16px',
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 2000,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2',
  width: 'max-content',
  maxWidth: 'calc(100vw - 32px)',
  pointerEvents: 'none',
})
const item = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  px: '4',
  py: '2',
  borderRadius: 'md',
  border: '1px solid',
  boxShadow: 'md',
  fontSize: 'sm',
  pointerEvents: 'auto',
})
const tones: Record<ToastTone, string> = {
  success: css({ bg: 'green.50', borderColor: 'green.200', color: 'green.900' }),
  error: css({ bg: 'red.50', borderColor: 'red.200', color: 'red.900' }),
  warning: css({ bg: 'orange.50', borderColor: 'orange.200', color: 'orange.900' }),
  info: css({ bg: 'blue.50', borderColor: 'blue.200', color: 'blue.900' }),
}
const message = css({ overflowWrap: 'anywhere' })
const close = css({
  flexShrink: 0,
  lineHeight: '1',
  fontSize: 'lg',
  color: 'inherit',
  bg: 'transparent',
  cursor: 'pointer',
  opacity: 0.7,
  _hover: { opacity: 1 },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/** Errors and warnings interrupt a screen reader; success and info wait for a pause. */
function liveRole(tone: ToastTone) {
  return tone === 'error' || tone === 'warning'
    ? ({ role: 'alert' } as const)
    : ({ role: 'status', 'aria-live': 'polite' } as const)
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useLingui()
  return (
    <div className={cx(item, tones[toast.tone])} {...liveRole(toast.tone)}>
      <p className={message}>{toast.message}</p>
      <button type="button" className={close} aria-label={t`关闭`} onClick={() => dismissToast(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}

/** The toasts of src/lib/toast.ts, fixed at the top centre; mounted once next to the router. */
export function ToastHost() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts)
  if (toasts.length === 0) return null
  return (
    <div className={stack}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  )
}
