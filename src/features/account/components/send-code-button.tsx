import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { type EmailCodeType, emailSchema } from '../../../domain/account.ts'
import { ResultCode } from '../../../domain/result-code.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import {
  fieldErrorsOf,
  formFailureOf,
  retryAfterSecondsOf,
  validationText,
} from '../../../lib/validation-text.ts'
import { sendEmailCode } from '../api/send-email-code.ts'
import { quiet } from './account-form.tsx'

/** The server refuses a resend within 60 s; the button waits as long. */
export const RESEND_WAIT_SECONDS = 60

const wrap = css({ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: '1' })
const button = css({ minWidth: '8rem' })
const status = css({ fontSize: 'xs', color: 'text.muted', maxWidth: '12rem' })
const failure = css({ fontSize: 'xs', color: 'red.700', maxWidth: '12rem' })

function secondsLeft(deadline: number | undefined): number {
  return deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
}

/**
 * Mails a code to `email` (checked first with the domain's e-mail rule), then counts down before it
 * can send again; a 429 counts down the server's retryAfterSeconds instead. A verdict on the address
 * (invalid, already registered) goes to `onEmailError`, for the form to show under the e-mail input.
 */
export function SendCodeButton(props: {
  type: EmailCodeType
  email: string
  onEmailError: (message: string | undefined) => void
  onSent?: (email: string) => void
  /** The button's label before the first send (default: 发送验证码). */
  children?: ReactNode
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const [sending, setSending] = useState(false)
  const [deadline, setDeadline] = useState<number | undefined>(undefined)
  const [seconds, setSeconds] = useState(0)
  const [sentOnce, setSentOnce] = useState(false)
  const [message, setMessage] = useState<string | undefined>(undefined)

  useEffect(() => {
    if (deadline === undefined) return
    setSeconds(secondsLeft(deadline))
    // A quarter-second tick reads the clock, so a late timer never shows a second too many.
    const timer = setInterval(() => {
      const left = secondsLeft(deadline)
      setSeconds(left)
      if (left === 0) setDeadline(undefined)
    }, 250)
    return () => clearInterval(timer)
  }, [deadline])

  const wait = (secondsToWait: number) => setDeadline(Date.now() + secondsToWait * 1000)

  async function send() {
    setMessage(undefined)
    const checked = v.safeParse(emailSchema, props.email)
    if (!checked.success) {
      props.onEmailError(validationText(checked.issues[0].message))
      return
    }
    props.onEmailError(undefined)
    setSending(true)
    try {
      await sendEmailCode({ type: props.type, username: checked.output, language }, quiet)
      setSentOnce(true)
      wait(RESEND_WAIT_SECONDS)
      props.onSent?.(checked.output)
    } catch (error) {
      if (error instanceof ApiFailure && error.code === ResultCode.tooManyRequests) {
        wait(retryAfterSecondsOf(error) ?? RESEND_WAIT_SECONDS)
      }
      const emailError = error instanceof ApiFailure ? fieldErrorsOf(error).username : undefined
      if (emailError) props.onEmailError(emailError)
      else setMessage(formFailureOf(error, []).message)
    } finally {
      setSending(false)
    }
  }

  const counting = seconds > 0
  return (
    <div className={wrap}>
      <Button
        variant="secondary"
        className={button}
        disabled={sending || counting}
        onClick={() => void send()}
      >
        {counting
          ? t`${seconds} 秒后可重新发送`
          : sending
            ? t`发送中…`
            : sentOnce
              ? t`重新发送`
              : (props.children ?? <Trans>发送验证码</Trans>)}
      </Button>
      {message ? (
        <span role="alert" className={failure}>
          {message}
        </span>
      ) : sentOnce ? (
        <span role="status" className={status}>
          <Trans>已发送，请查收邮件</Trans>
        </span>
      ) : null}
    </div>
  )
}
