import { Trans } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Notice } from '../../../components/ui/notice.tsx'
import { roomsFor } from '../nav.ts'
import { useOpsMe } from '../use-ops-me.ts'

/**
 * /ops: straight on to the first room the account may use; an account with none is told so. (A
 * navigation in an effect rather than <Navigate>, whose module would join the router code in every
 * shopper's first load.)
 */
export function OpsHome() {
  const me = useOpsMe()
  const first = roomsFor(me.permissions)[0]
  const navigate = useNavigate()
  useEffect(() => {
    if (first) void navigate({ to: first.to, replace: true })
  }, [first, navigate])
  if (first) return null
  return (
    <Notice tone="info" title={<Trans>此账号还没有可用的后台功能</Trans>}>
      <Trans>请联系有员工管理权限的运营人员分配权限。</Trans>
    </Notice>
  )
}
