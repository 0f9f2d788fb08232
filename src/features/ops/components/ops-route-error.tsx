import { Trans } from '@lingui/react/macro'
import { type ErrorComponentProps, Link } from '@tanstack/react-router'
import { Notice } from '../../../components/ui/notice.tsx'
import { RootError } from '../../shell/components/root-error.tsx'
import { OperatorOnlyError } from '../guard.ts'
// the console's classes: not in a shopper's stylesheet (scripts/console-css.ts)
import '../console.css'

/** /ops failed: a customer is told the console is not for them (never shown it); else the shop's error page. */
export function OpsRouteError({ error }: Pick<ErrorComponentProps, 'error'>) {
  if (!(error instanceof OperatorOnlyError)) return <RootError error={error} />
  return (
    <Notice
      tone="error"
      title={<Trans>没有权限访问运营后台</Trans>}
      action={
        <Link to="/">
          <Trans>返回首页</Trans>
        </Link>
      }
    >
      <Trans>运营后台仅限运营人员使用。如需处理订单，请用运营账号登录。</Trans>
    </Notice>
  )
}
