import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { wechatSchema } from '../../../domain/account.ts'
import { needsMessagingAccount } from '../../../domain/session.ts'
import { ValidationMessage } from '../../../domain/validation-messages.ts'
import { showToast } from '../../../lib/toast.ts'
import { updateWechat } from '../api/update-wechat.ts'
import { useSession } from '../session/use-session.tsx'

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
  maxWidth: 'md',
  bg: 'surface',
  color: 'text',
  borderRadius: 'lg',
  boxShadow: 'xl',
  p: '6',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
})
const title = css({ fontSize: 'lg', fontWeight: 'semibold', pr: '8' })
const warning = css({
  p: '3',
  borderRadius: 'md',
  bg: 'orange.50',
  border: '1px solid',
  borderColor: 'orange.200',
  color: 'orange.900',
  fontSize: 'sm',
})
const field = css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })
const input = css({
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  px: '3',
  py: '2',
  fontSize: 'md',
  _invalid: { borderColor: 'red.600' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '1px' },
})
const errorText = css({ color: 'red.700', fontSize: 'sm' })
const actions = css({ display: 'flex', justifyContent: 'flex-end' })
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

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [href], [tabindex]:not([tabindex="-1"])'

/**
 * Asks for the messaging account the shop contacts the customer on (spec §2 'Messaging-account
 * dialog'): forced open while the token's flag says one is needed. Neither Escape nor a click outside
 * dismisses it; its close button does, for the rest of this session's page view (a reload or the next
 * login asks again). Saving returns a fresh token whose flag closes it for good.
 */
export function MessagingAccountDialog() {
  const { claims } = useSession()
  const [closedForSession, setClosedForSession] = useState<string | null>(null)
  if (!claims || !needsMessagingAccount(claims) || closedForSession === claims.sid) return null
  const sessionId = claims.sid
  return <MessagingAccountForm onClose={() => setClosedForSession(sessionId)} />
}

function MessagingAccountForm(props: { onClose: () => void }) {
  const { t } = useLingui()
  const titleId = useId()
  const warningId = useId()
  const inputId = useId()
  const errorId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  // Focus moves in on open, is kept in while open (a click on the backdrop or a toast would take it
  // out) and goes back where it was on close.
  useEffect(() => {
    const previous = document.activeElement
    inputRef.current?.focus()
    const keepFocusInside = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialogRef.current?.contains(event.target))
        inputRef.current?.focus()
    }
    document.addEventListener('focusin', keepFocusInside)
    return () => {
      document.removeEventListener('focusin', keepFocusInside)
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    }
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // forced: Escape does not dismiss it
      event.preventDefault()
      event.stopPropagation()
      return
    }
    if (event.key !== 'Tab' || !dialogRef.current) return
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE))
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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    const parsed = v.safeParse(wechatSchema, value)
    if (!parsed.success) {
      setError(
        parsed.issues[0].message === ValidationMessage.atMost64
          ? t`聊天账号最多 64 个字符`
          : t`聊天账号不能为空`,
      )
      inputRef.current?.focus()
      return
    }
    setError(null)
    setSaving(true)
    try {
      await updateWechat(parsed.output)
    } catch {
      // the API client has told the user why; the dialog stays for another try
      setSaving(false)
      return
    }
    showToast({ tone: 'success', message: t`更新成功` })
    props.onClose()
  }

  return (
    <div className={backdrop}>
      <div
        ref={dialogRef}
        className={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={warningId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={title}>
          <Trans>请填写聊天账号</Trans>
        </h2>
        <button type="button" className={closeButton} aria-label={t`关闭`} onClick={props.onClose}>
          <span aria-hidden="true">×</span>
        </button>
        <p id={warningId} className={warning}>
          <Trans>店铺会通过这个账号（如微信号）联系你，请仔细核对。填写错误将导致店铺无法联系到你。</Trans>
        </p>
        <form className={field} noValidate onSubmit={(event) => void submit(event)}>
          <label htmlFor={inputId}>
            <Trans>聊天账号</Trans>
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className={input}
            value={value}
            autoComplete="off"
            aria-invalid={error !== null}
            aria-describedby={error === null ? undefined : errorId}
            onChange={(event) => {
              setValue(event.target.value)
              if (error !== null) setError(null)
            }}
          />
          {error === null ? null : (
            <p id={errorId} className={errorText} role="alert">
              {error}
            </p>
          )}
          <div className={actions}>
            <Button type="submit" disabled={saving}>
              <Trans>确认</Trans>
            </Button>
          </div>
        </form>
      </div>
    </div>
  )
}
