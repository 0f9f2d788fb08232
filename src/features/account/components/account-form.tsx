import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { readStoredToken } from '../../../lib/session-token.ts'
import { type FieldErrors, fieldErrorsOf, formFailureOf } from '../../../lib/validation-text.ts'
import { isNetworkDown, offlineActionMessage } from '../../shell/offline/network-down.ts'
import { useSession } from '../session/use-session.tsx'

/*
 * How the account forms report failures (one approach for all of them): every call is made with
 * `systemNotify: false`, and the form shows the outcome itself. Refused fields (400 `data.fields`, or a
 * `field: message` msg) go under their inputs; anything else (too many tries, offline, a server error)
 * is one message above the submit button, next to what the shopper just did. Only 9004 and 9005,
 * which leave the page, are toasted (formFailureOf).
 */

/** The options of every call an account form makes. */
export const quiet = { systemNotify: false } as const

export type Checked<T> = { ok: true; output: T } | { ok: false; errors: FieldErrors }

/**
 * Checks a form's values with a domain schema. `extra` adds checks the schema cannot make (a
 * confirmation field that is not part of the payload); any of them fails the form too.
 */
export function checkWith<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  extra: FieldErrors = {},
): Checked<v.InferOutput<S>> {
  const result = v.safeParse(schema, input)
  const errors = result.success ? { ...extra } : { ...fieldErrorsOf(result.issues), ...extra }
  if (result.success && Object.keys(errors).length === 0) return { ok: true, output: result.output }
  return { ok: false, errors }
}

/** Value, change handler and error of one input (spread onto FormField, PasswordField or SelectField). */
export interface FieldBinding {
  name: string
  value: string
  error: string | undefined
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void
}

/**
 * The state of an account form: its text values, the errors under its inputs, one form-level message
 * and whether it is sending. `run` validates, sends once at a time and maps a failure to the inputs.
 */
export function useAccountForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState<Record<K, string>>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | undefined>(undefined)
  const [sending, setSending] = useState(false)
  const [attempts, setAttempts] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const sendingRef = useRef(false)

  // After a refused try, focus moves to the first field in error so its message is read out.
  useEffect(() => {
    if (attempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [attempts])

  const setValue = (name: K, value: string) => setValues((previous) => ({ ...previous, [name]: value }))

  const bind = (name: K): FieldBinding => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValue(name, event.target.value),
  })

  /** Shows an error under one input (e.g. the send-code button's verdict on the e-mail). */
  const setFieldError = (name: K, message: string | undefined) =>
    setErrors((previous) => {
      const { [name]: _dropped, ...rest } = previous
      return message === undefined ? rest : { ...rest, [name]: message }
    })

  async function run<T>(checked: Checked<T>, send: (output: T) => Promise<void>): Promise<void> {
    if (sendingRef.current) return
    setFormError(undefined)
    if (!checked.ok) {
      setErrors(checked.errors)
      setAttempts((count) => count + 1)
      return
    }
    setErrors({})
    sendingRef.current = true
    setSending(true)
    try {
      await send(checked.output)
    } catch (error) {
      const failure = formFailureOf(error, Object.keys(values))
      setErrors(failure.fields)
      // the form keeps what was typed; it only needs the network back
      setFormError(isNetworkDown(error) ? offlineActionMessage() : failure.message)
      setAttempts((count) => count + 1)
    } finally {
      sendingRef.current = false
      setSending(false)
    }
  }

  return { values, setValue, bind, errors, setFieldError, formError, sending, formRef, run }
}

const card = css({
  maxWidth: 'md',
  mx: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
  p: { base: '4', md: '8' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const heading = css({ fontSize: 'xl', fontWeight: 'bold', color: 'text' })
export const formStack = css({ display: 'flex', flexDirection: 'column', gap: '4' })
export const linkRow = css({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: '3',
  fontSize: 'sm',
  '& a': { color: 'primary', textDecoration: 'underline' },
})
const alertText = css({
  p: '3',
  borderRadius: 'sm',
  bg: 'red.50',
  color: 'red.800',
  fontSize: 'sm',
  border: '1px solid',
  borderColor: 'red.200',
})

/** The centred card of a standalone account page (login, sign-up, forgot, change password). */
export function AccountCard(props: { title: ReactNode; children: ReactNode }) {
  return (
    <section className={card}>
      <h1 className={heading}>{props.title}</h1>
      {props.children}
    </section>
  )
}

/** The form-level failure message, announced when it appears. */
export function FormAlert(props: { message: string | undefined }) {
  return props.message ? (
    <p role="alert" className={alertText}>
      {props.message}
    </p>
  ) : null
}

/**
 * The end of an account form: its form-level failure, then the submit button, which is disabled and
 * shows `busyLabel` while the form is sending.
 */
export function FormSubmit(props: {
  form: { sending: boolean; formError: string | undefined }
  busyLabel: ReactNode
  children: ReactNode
}) {
  return (
    <>
      <FormAlert message={props.form.formError} />
      <Button type="submit" disabled={props.form.sending}>
        {props.form.sending ? props.busyLabel : props.children}
      </Button>
    </>
  )
}

/**
 * Whether /login and /signup should treat the visitor as signed in. The route guard drops a token the
 * server did not know (401) without the session hearing of it, so the stored token is read too.
 */
function useSignedIn(): boolean {
  const { signedIn } = useSession()
  return signedIn && readStoredToken() !== null
}

/**
 * What /login and /signup show to someone already signed in: a way home, not a redirect (a redirect
 * would loop with pages that send a signed-out shopper here), and a way to switch accounts.
 */
function SignedInNote() {
  const { logOut } = useSession()
  return (
    <Notice
      tone="info"
      title={<Trans>你已登录</Trans>}
      action={
        <div className={linkRow}>
          <Link to="/">
            <Trans>返回首页</Trans>
          </Link>
          <Button variant="ghost" onClick={logOut}>
            <Trans>退出登录</Trans>
          </Button>
        </div>
      }
    >
      <Trans>如需使用其他账号，请先退出登录。</Trans>
    </Notice>
  )
}

/**
 * The form of /login or /signup, or SignedInNote for someone already signed in. The form stays while
 * it is sending: a successful sign-in signs the session in before the page has moved on.
 */
export function UnlessSignedIn(props: { sending: boolean; children: ReactNode }) {
  const signedIn = useSignedIn()
  return signedIn && !props.sending ? <SignedInNote /> : props.children
}
