import { Plural, Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { ReminderBanner } from '../../../components/ui/reminder-banner.tsx'
import { classifyDeadline, type DeadlineState } from '../../../domain/deadlines.ts'
import { ExtraFeeType } from '../../../domain/extra-fee.ts'
import type { ExtraFeeDto } from '../../../domain/extras.ts'
import { PackageStatus } from '../../../domain/package-status.ts'
import { PAY_BALANCE_ANCHOR } from '../../final-payment/pay-balance-anchor.ts'
import { shopToday } from '../../orders/components/order-deadlines.tsx'
import { packageDetailHref } from '../../shipping/package-text.ts'

const actionLink = css({
  flex: 'none',
  color: 'inherit',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const banners = css({ display: 'flex', flexDirection: 'column', gap: '2' })

const URGENCY: readonly DeadlineState[] = ['onTime', 'dueSoon', 'overdue', 'forfeited']

/** The most pressing due date among the fees (on time when none has one). */
function worstState(fees: readonly ExtraFeeDto[]): DeadlineState {
  const today = shopToday()
  return fees.reduce<DeadlineState>((worst, fee) => {
    if (fee.dueDate === null) return worst
    const state = classifyDeadline(fee.dueDate, today).state
    return URGENCY.indexOf(state) > URGENCY.indexOf(worst) ? state : worst
  }, 'onTime')
}

/**
 * The /extra page's reminders (spec §2 'Reminder banners'): unpaid fees block packaging requests; a
 * package locked until its storage fees are paid; a late fee, which is paid with its order's balance
 * (not here). `fees` are the unpaid ones.
 */
export function ExtraFeeBanners({ fees }: { fees: readonly ExtraFeeDto[] }) {
  if (fees.length === 0) return null
  const lockedById = new Map(
    fees.flatMap((fee) =>
      fee.package?.status === PackageStatus.packageLock ? [[fee.package.id, fee.package]] : [],
    ),
  )
  const locked = [...lockedById.values()]
  const lateOrders = [
    ...new Set(fees.filter((fee) => fee.type === ExtraFeeType.late).flatMap((fee) => fee.orderIds)),
  ]
  const [onlyLocked] = locked
  const lockedCount = locked.length
  const lockedNo = onlyLocked?.packageNo
  const [onlyLateOrder] = lateOrders
  const count = fees.length
  return (
    <div className={banners}>
      <ReminderBanner state={worstState(fees)} title={<Plural value={count} other="# 笔额外费用待支付" />}>
        <Trans>付清全部额外费用之前，不能申请打包。</Trans>
      </ReminderBanner>
      {onlyLocked ? (
        <ReminderBanner
          state="overdue"
          title={
            locked.length === 1 ? (
              <Trans>包裹 {lockedNo} 已锁定</Trans>
            ) : (
              <Plural value={lockedCount} other="# 个包裹已锁定" />
            )
          }
          action={
            <HrefLink
              className={actionLink}
              href={locked.length === 1 ? packageDetailHref(onlyLocked) : '/package/list'}
            >
              {locked.length === 1 ? <Trans>查看包裹</Trans> : <Trans>查看包裹列表</Trans>}
            </HrefLink>
          }
        >
          <Trans>运费逾期未付，包裹已锁定。付清包裹仓储费后即解锁，然后才能支付运费并发货。</Trans>
        </ReminderBanner>
      ) : null}
      {onlyLateOrder !== undefined ? (
        <ReminderBanner
          state="overdue"
          title={<Trans>滞纳金须与尾款一起支付</Trans>}
          action={
            <HrefLink
              className={actionLink}
              href={
                lateOrders.length === 1 ? `/order/${onlyLateOrder}#${PAY_BALANCE_ANCHOR}` : '/order-list/list'
              }
            >
              {lateOrders.length === 1 ? <Trans>去支付尾款</Trans> : <Trans>查看订单列表</Trans>}
            </HrefLink>
          }
        >
          <Trans>尾款逾期产生的滞纳金不在这里单独支付：在订单页支付尾款时会一并付清。</Trans>
        </ReminderBanner>
      ) : null}
    </div>
  )
}
