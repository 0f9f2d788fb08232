import { Plural, Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { ReminderBanner } from '../../../components/ui/reminder-banner.tsx'
import { FORFEIT_GRACE_DAYS, PACKAGING_REQUEST_DAYS } from '../../../domain/deadlines.ts'

const banners = css({ display: 'flex', flexDirection: 'column', gap: '2' })
const actionLink = css({
  flex: 'none',
  color: 'inherit',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/**
 * The packaging reminders (spec §2 'Reminder banners'): orders waiting for a packaging request, and
 * the storage fee of those past the packaging deadline. `count` and `overCount` are the notify count's
 * `applyCount` and `applyOverCount` (overdue ones among the waiting); the first banner counts the ones
 * not yet overdue, so no order is counted twice.
 */
export function PackagingBanners({ count, overCount }: { count: number; overCount: number }) {
  const due = Math.max(count - overCount, 0)
  if (due === 0 && overCount === 0) return null
  const days = PACKAGING_REQUEST_DAYS
  const grace = FORFEIT_GRACE_DAYS
  return (
    <div className={banners}>
      {overCount > 0 ? (
        <ReminderBanner
          state="overdue"
          title={<Plural value={overCount} other="# 个订单已超过打包期限" />}
          action={
            <HrefLink className={actionLink} href="/extra">
              <Trans>查看仓储费</Trans>
            </HrefLink>
          }
        >
          <Trans>
            超过期限后每天收取仓储费；逾期超过 {grace} 天仍未申请打包，货物将被没收，已付款项不予退还。
          </Trans>
        </ReminderBanner>
      ) : null}
      {due > 0 ? (
        <ReminderBanner state="onTime" title={<Plural value={due} other="# 个订单待申请打包" />}>
          <Trans>请在到货后 {days} 天内申请打包，逾期将按天收取仓储费。</Trans>
        </ReminderBanner>
      ) : null}
    </div>
  )
}
