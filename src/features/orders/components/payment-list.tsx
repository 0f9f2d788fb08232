import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import type { PaymentDto } from '../../../domain/payments.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { payMethodText, payPurposeText, payRouteText } from '../../checkout/payment-words.ts'
import { dateTimeText } from '../order-text.ts'
import { PaymentStatusBadge } from './status-badge.tsx'

const list = css({ display: 'flex', flexDirection: 'column', gap: '2' })
const item = css({
  display: 'grid',
  gap: '2',
  p: '3',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(7, minmax(0, 1fr))' },
  fontSize: 'sm',
})
const term = css({ color: 'text.muted', fontSize: 'xs' })
const value = css({ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' })
const muted = css({ fontSize: 'sm', color: 'text.muted' })

/** The payments of an order (flows §2): what each paid, by which route and type, its status and time. */
export function PaymentList({ payments }: { payments: PaymentDto[] }) {
  const language = useLanguage()
  // rendered again when the language changes: the payment words follow it
  useLingui()
  if (payments.length === 0) {
    return (
      <p className={muted}>
        <Trans>还没有付款记录。</Trans>
      </p>
    )
  }
  return (
    <ul className={list}>
      {payments.map((payment) => (
        <li key={payment.id}>
          <dl className={item}>
            <div>
              <dt className={term}>
                <Trans>用途</Trans>
              </dt>
              <dd className={value}>{payPurposeText(payment.purpose)}</dd>
            </div>
            <div>
              <dt className={term}>
                <Trans>支付渠道</Trans>
              </dt>
              <dd className={value}>{payRouteText(payment.route, payment.gateway)}</dd>
            </div>
            <div>
              <dt className={term}>
                <Trans>支付方式</Trans>
              </dt>
              <dd className={value}>{payMethodText(payment.route, payment.method, payment.gateway)}</dd>
            </div>
            <div>
              <dt className={term}>
                <Trans>金额</Trans>
              </dt>
              <dd className={value}>{formatYen(payment.amount, language)}</dd>
            </div>
            <div>
              <dt className={term}>
                <Trans>所用积分</Trans>
              </dt>
              <dd className={value}>{payment.pointsUsed}</dd>
            </div>
            <div>
              <dt className={term}>
                <Trans>状态</Trans>
              </dt>
              <dd>
                <PaymentStatusBadge status={payment.status} />
              </dd>
            </div>
            <div>
              <dt className={term}>
                <Trans>时间</Trans>
              </dt>
              <dd className={value}>{dateTimeText(payment.settleTime ?? payment.createTime)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  )
}
