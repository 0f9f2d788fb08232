import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { ResultCode } from '../../../domain/result-code.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { validationText } from '../../../lib/validation-text.ts'

const loading = css({ p: '6', color: 'text.muted', textAlign: 'center' })

export function LoadingBlock() {
  return (
    <p className={loading} role="status">
      <Trans>正在加载…</Trans>
    </p>
  )
}

/** What the server said, translated where it is a known phrase; the generic message otherwise. */
export function failureText(error: unknown): string | undefined {
  return error instanceof ApiFailure ? validationText(error.message) : undefined
}

/** A failed load: why, and a retry. A 403 says the session is not an operator's. */
export function LoadFailure(props: { error: unknown; onRetry: () => void }) {
  const forbidden = props.error instanceof ApiFailure && props.error.code === ResultCode.forbidden
  return (
    <Notice
      tone="error"
      title={forbidden ? <Trans>没有权限：请用运营账号登录</Trans> : <Trans>加载失败</Trans>}
      action={
        <Button variant="secondary" onClick={props.onRetry}>
          <Trans>重试</Trans>
        </Button>
      }
    >
      {failureText(props.error) ?? <Trans>出错了，请稍后再试</Trans>}
    </Notice>
  )
}

/** 404 on an order of the console: gone or mistyped, with the way back to the list. */
export function OrderNotFound() {
  return (
    <Notice
      tone="info"
      title={<Trans>找不到这个订单</Trans>}
      action={
        <Link to="/ops/orders">
          <Trans>返回订单列表</Trans>
        </Link>
      }
    >
      <Trans>请检查订单号是否正确。</Trans>
    </Notice>
  )
}

export const isNotFound = (error: unknown) =>
  error instanceof ApiFailure && error.code === ResultCode.notFound
