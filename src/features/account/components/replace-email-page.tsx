import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { ResultCode } from '../../../domain/result-code.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { fieldErrorsOf } from '../../../lib/validation-text.ts'
import { replaceEmail } from '../api/replace-email.ts'
import { useSession } from '../session/use-session.tsx'
import { linkRow, quiet } from './account-form.tsx'

const page = css({ maxWidth: 'xl', mx: 'auto', display: 'flex', flexDirection: 'column', gap: '4' })

type Outcome =
  | { state: 'confirming' }
  | { state: 'done'; username: string }
  | { state: 'expired' }
  /** The code was wrong, used up or unknown, the link is malformed, or the address is now taken. */
  | { state: 'failed'; detail: string | undefined }
  /** The server did not answer; the code is not spent, so trying again is safe. */
  | { state: 'unreachable'; message: string }

function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof ApiFailure)) return { state: 'failed', detail: undefined }
  if (error.kind !== 'server') {
    // Not answered (offline, timed out, or cancelled): the code is not spent, so a retry is safe.
    return { state: 'unreachable', message: error.kind === 'aborted' ? '' : error.message }
  }
  const reason = (error.data as { reason?: unknown } | undefined)?.reason
  if (reason === 'expired') return { state: 'expired' }
  // 'wrong', 'exhausted' and 'missing' all mean: ask for a new link. A taken address says so.
  const taken = error.code === ResultCode.conflict ? fieldErrorsOf(error).username : undefined
  return { state: 'failed', detail: taken }
}

/**
 * /replaceEmail?username=…&code=…: the link of the e-mail-change mail. It confirms the change once on
 * opening (the code is spent by it, so a re-render or a language switch must not send it again) and
 * shows the result with links home and to login.
 */
export function ReplaceEmailPage(props: { username: string | undefined; code: string | undefined }) {
  const { t } = useLingui()
  const [outcome, setOutcome] = useState<Outcome>({ state: 'confirming' })
  const sent = useRef(false)
  const session = useSession()

  const confirm = async (username: string, code: string) => {
    setOutcome({ state: 'confirming' })
    try {
      const result = await replaceEmail({ username, code }, quiet)
      // The server signed every device of the account out; this one follows without leaving the page.
      if (session.signedIn) session.forgetEndedSession()
      setOutcome({ state: 'done', username: result.username })
    } catch (error) {
      setOutcome(outcomeOf(error))
    }
  }

  // Once per opening of the page, by design (see above).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the code is sent on mount only
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    if (!props.username || !props.code) {
      setOutcome({ state: 'failed', detail: undefined })
      return
    }
    void confirm(props.username, props.code)
  }, [])

  const links = (
    <div className={linkRow}>
      <Link to="/">
        <Trans>返回首页</Trans>
      </Link>
      <Link to="/login">
        <Trans>去登录</Trans>
      </Link>
    </div>
  )

  return (
    <div className={page}>
      {outcome.state === 'confirming' ? (
        <p role="status" aria-busy="true">
          <Trans>正在确认邮箱更换…</Trans>
        </p>
      ) : outcome.state === 'done' ? (
        <Notice tone="info" title={<Trans>邮箱更换成功</Trans>} action={links}>
          <Trans>你的登录邮箱已更换为 {outcome.username}，请使用新邮箱重新登录。</Trans>
        </Notice>
      ) : outcome.state === 'expired' ? (
        <Notice tone="warning" title={<Trans>邮箱更换链接已过期</Trans>} action={links}>
          <Trans>请登录后在个人信息页重新申请更换邮箱。</Trans>
        </Notice>
      ) : outcome.state === 'unreachable' ? (
        <Notice
          tone="error"
          title={t`暂时无法确认邮箱更换`}
          action={
            <Button
              onClick={() => {
                if (props.username && props.code) void confirm(props.username, props.code)
              }}
            >
              <Trans>重试</Trans>
            </Button>
          }
        >
          {outcome.message}
        </Notice>
      ) : (
        <Notice tone="error" title={<Trans>邮箱更换认证失败，请重新申请</Trans>} action={links}>
          {outcome.detail ?? <Trans>链接无效或已被使用。请登录后在个人信息页重新申请更换邮箱。</Trans>}
        </Notice>
      )}
    </div>
  )
}
