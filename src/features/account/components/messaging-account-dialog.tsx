import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useRef, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldControl, fieldErrorText } from '../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { wechatSchema } from '../../../domain/account.ts'
import { needsMessagingAccount } from '../../../domain/session.ts'
import { ValidationMessage } from '../../../domain/validation-messages.ts'
import { showToast } from '../../../lib/toast.ts'
import { updateWechat } from '../api/update-wechat.ts'
import { useSession } from '../session/use-session.tsx'

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
const actions = css({ display: 'flex', justifyContent: 'flex-end' })

/**
 * Asks for the messaging account the shop contacts the customer on (spec §2 'Messaging-account
 * dialog'): forced open while the token's flag says one is needed. Neither Escape nor a click outside
 * dismisses it; its close button does, for the rest of this session's page view (a reload or the next
 * login asks again). Saving returns a fresh token whose flag closes it for good.
 */
export function MessagingAccountDialog(props: { onClosed?: (sessionId: string) => void }) {
  const { claims } = useSession()
  const [closedForSession, setClosedForSession] = useState<string | null>(null)
  if (!claims || !needsMessagingAccount(claims) || closedForSession === claims.sid) return null
  const sessionId = claims.sid
  const close = () => {
    setClosedForSession(sessionId)
    props.onClosed?.(sessionId)
  }
  return <MessagingAccountForm onClose={close} />
}

function MessagingAccountForm(props: { onClose: () => void }) {
  const { t } = useLingui()
  const warningId = useId()
  const inputId = useId()
  const errorId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

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
    // Forced: neither Escape nor the backdrop closes it; the × button does, and focus starts in the input.
    <ModalDialog
      title={<Trans>请填写聊天账号</Trans>}
      onClose={props.onClose}
      showCloseButton
      describedBy={warningId}
      initialFocus={inputRef}
    >
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
          className={fieldControl}
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
          <p id={errorId} className={fieldErrorText} role="alert">
            {error}
          </p>
        )}
        <div className={actions}>
          <Button type="submit" disabled={saving}>
            <Trans>确认</Trans>
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}
