import { Plural, Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { ReminderBanner } from '../../../components/ui/reminder-banner.tsx'
import { FORFEIT_GRACE_DAYS, SHIPPING_FEE_DAYS } from '../../../domain/deadlines.ts'

const actionLink = css({
  flex: 'none',
  color: 'inherit',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const banners = css({ display: 'flex', flexDirection: 'column', gap: '2' })

/** The list filtered to the packages awaiting their shipping fee. */
export const UNPAID_PACKAGES_HREF = '/package/list?status=3'

/**
 * The package list's reminders (spec §2 'Reminder banners': unpaid shipping fee): packages packed and
 * awaiting their fee, and those past the fee's due date with the storage fee and lock rules. `count`
 * and `overCount` are the notify count's (overdue ones among the unpaid); the first banner counts the
 * ones not yet overdue, so no package is counted twice.
 */
export function ShippingFeeBanners({ count, overCount }: { count: number; overCount: number }) {
  const due = Math.max(count - overCount, 0)
  if (due === 0 && overCount === 0) return null
  const days = SHIPPING_FEE_DAYS
  const grace = FORFEIT_GRACE_DAYS
  const showUnpaid = (
    <HrefLink className={actionLink} href={UNPAID_PACKAGES_HREF}>
      <Trans>查看待付运费的包裹</Trans>
    </HrefLink>
  )
  return (
    <div className={banners}>
      {overCount > 0 ? (
        <ReminderBanner
          state="overdue"
          title={<Plural value={overCount} other="# 个包裹的运费已逾期" />}
          action={showUnpaid}
        >
          <Trans>
            逾期后每天收取仓储费，须先付清仓储费才能发货；运费截止日后 {grace} 天仍未支付，包裹将被锁定。
          </Trans>
        </ReminderBanner>
      ) : null}
      {due > 0 ? (
        <ReminderBanner
          state="onTime"
          title={<Plural value={due} other="# 个包裹待支付运费" />}
          action={overCount > 0 ? undefined : showUnpaid}
        >
          <Trans>
            请在打包后 {days} 天内支付运费；逾期将按天收取仓储费，逾期 {grace} 天后包裹将被锁定。
          </Trans>
        </ReminderBanner>
      ) : null}
    </div>
  )
}
