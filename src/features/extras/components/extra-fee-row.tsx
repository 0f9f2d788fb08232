import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { classifyDeadline, type DeadlineState } from '../../../domain/deadlines.ts'
import { ExtraFeeStatus, ExtraFeeType } from '../../../domain/extra-fee.ts'
import type { ExtraFeeDto, ExtraFeePackageDto } from '../../../domain/extras.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { PAY_BALANCE_ANCHOR } from '../../final-payment/pay-balance-anchor.ts'
import { shopToday } from '../../orders/components/order-deadlines.tsx'
import { dateTimeText } from '../../orders/order-text.ts'
import { FeeDue } from '../../shipping/components/fee-due.tsx'
import { packageDetailHref } from '../../shipping/package-text.ts'
import { ExtraFeeStatusBadge, ExtraFeeTypeBadge } from './extra-fee-badges.tsx'

const row = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: { base: '3', md: '4' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
// due soon or overdue: the row itself stands out (the due date says it in words too)
const urgentRow: Partial<Record<DeadlineState, string>> = {
  dueSoon: css({ borderColor: 'amber.300', borderInlineStartWidth: '4px' }),
  overdue: css({ borderColor: 'red.300', borderInlineStartWidth: '4px' }),
  forfeited: css({ borderColor: 'red.300', borderInlineStartWidth: '4px' }),
}
const head = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })
const pickLabel = css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer' })
const checkbox = css({ width: '5', height: '5', accentColor: 'primary', cursor: 'inherit' })
const feeNo = css({ fontSize: 'sm', color: 'text.muted' })
const amount = css({ ms: 'auto', fontWeight: 'bold', fontSize: 'lg', color: 'secondary.hover' })
const facts = css({
  display: 'grid',
  gap: '2',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
  fontSize: 'sm',
})
const term = css({ color: 'text.muted', fontSize: 'xs' })
const value = css({ overflowWrap: 'anywhere' })
const links = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const textLink = css({
  color: 'primary',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const note = css({ fontSize: 'sm', color: 'red.700', fontWeight: 'medium' })

/** Whether choosing this row is offered, and what happens when the shopper does. */
export interface RowPick {
  checked: boolean
  disabled: boolean
  onToggle: () => void
}

/** The due date's state while the fee is unpaid; a settled fee's date is only a date. */
function dueStateOf(fee: ExtraFeeDto): DeadlineState | null {
  if (fee.dueDate === null || fee.status !== ExtraFeeStatus.waitPay) return null
  return classifyDeadline(fee.dueDate, shopToday()).state
}

function Fact(props: { name: string; term: ReactNode; children: ReactNode }) {
  return (
    <div data-fact={props.name}>
      <dt className={term}>{props.term}</dt>
      <dd className={value}>{props.children}</dd>
    </div>
  )
}

function PackageLink({ packageId, pkg }: { packageId: number; pkg: ExtraFeePackageDto | null }) {
  return pkg ? (
    <HrefLink className={textLink} href={packageDetailHref(pkg)}>
      {pkg.packageNo}
    </HrefLink>
  ) : (
    <HrefLink className={textLink} href="/package/list">
      <Trans>包裹 #{packageId}</Trans>
    </HrefLink>
  )
}

/**
 * One extra fee: its type, number and amount, the orders and the package it is charged on, when it
 * was charged and when it is due (due soon and overdue ones stand out), and the shop's remark. An
 * unpaid fee the shopper may pay has a checkbox (`pick`); a late fee says it is paid with its balance.
 */
export function ExtraFeeRow(props: { fee: ExtraFeeDto; pick?: RowPick }) {
  const { fee, pick } = props
  const language = useLanguage()
  const dueState = dueStateOf(fee)
  const unpaid = fee.status === ExtraFeeStatus.waitPay
  const lateFee = unpaid && fee.type === ExtraFeeType.late
  const checkboxId = `extra-fee-${fee.id}`
  const remark = fee.remark
  const badgeAndNo = (
    <>
      <ExtraFeeTypeBadge type={fee.type} /> <span className={feeNo}>#{fee.id}</span>
    </>
  )
  return (
    <li className={cx(row, dueState ? urgentRow[dueState] : undefined)} data-fee={fee.id}>
      <div className={head}>
        {pick ? (
          <label className={pickLabel} htmlFor={checkboxId}>
            <input
              id={checkboxId}
              type="checkbox"
              className={checkbox}
              checked={pick.checked}
              disabled={pick.disabled}
              onChange={pick.onToggle}
            />
            {badgeAndNo}
          </label>
        ) : (
          badgeAndNo
        )}
        {unpaid ? null : <ExtraFeeStatusBadge status={fee.status} />}
        <span className={amount}>{formatYen(fee.amount, language)}</span>
      </div>
      <dl className={facts}>
        <Fact name="orders" term={<Trans>相关订单</Trans>}>
          {fee.orderIds.length === 0 ? (
            '-'
          ) : (
            <span className={links}>
              {fee.orderIds.map((orderId) => (
                <HrefLink key={orderId} className={textLink} href={`/order/${orderId}`}>
                  {orderId}
                </HrefLink>
              ))}
            </span>
          )}
        </Fact>
        <Fact name="package" term={<Trans>包裹</Trans>}>
          {fee.packageId === null ? '-' : <PackageLink packageId={fee.packageId} pkg={fee.package} />}
        </Fact>
        <Fact name="created" term={<Trans>创建时间</Trans>}>
          {dateTimeText(fee.createTime)}
        </Fact>
        <Fact name="due" term={<Trans>支付截止</Trans>}>
          {fee.dueDate === null ? (
            '-'
          ) : dueState ? (
            <FeeDue due={fee.dueDate} state={dueState} />
          ) : (
            fee.dueDate
          )}
        </Fact>
      </dl>
      {remark ? (
        <p className={feeNo} data-fact="remark">
          <Trans>备注：{remark}</Trans>
        </p>
      ) : null}
      {lateFee && fee.orderIds[0] !== undefined ? (
        <p className={note}>
          <Trans>滞纳金须与尾款一起支付，不能在这里单独支付。</Trans>{' '}
          <HrefLink className={textLink} href={`/order/${fee.orderIds[0]}#${PAY_BALANCE_ANCHOR}`}>
            <Trans>去支付尾款</Trans>
          </HrefLink>
        </p>
      ) : null}
    </li>
  )
}
