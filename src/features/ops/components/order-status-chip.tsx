import { css, cx } from '../../../../styled-system/css'
import { ORDER_STATUS_INFO, type OrderStatus } from '../../../domain/order-status.ts'
import { PAYMENT_STATUS_INFO, type PaymentStatus } from '../../../domain/payment-status.ts'
import type { Tone } from '../../../domain/tone.ts'
import { useLanguage } from '../../../lib/use-language.ts'

// The spec's colour convention (§4): orange waiting, green done, red cancelled/refunded, blue other.
const toneClass: Record<Tone, string> = {
  waiting: css({ bg: 'status.waiting' }),
  done: css({ bg: 'status.done' }),
  cancelled: css({ bg: 'status.cancelled' }),
  other: css({ bg: 'status.other' }),
}

const chip = css({
  display: 'inline-block',
  px: '2',
  py: '0.5',
  borderRadius: 'sm',
  color: 'white',
  fontSize: 'xs',
  fontWeight: 'semibold',
  lineHeight: 'tight',
  whiteSpace: 'nowrap',
})

/** An order's status label in the active language, in its colour. */
export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const language = useLanguage()
  const info = ORDER_STATUS_INFO[status]
  if (!info) return <span className={cx(chip, toneClass.other)}>{status}</span>
  return (
    <span className={cx(chip, toneClass[info.tone])} data-tone={info.tone}>
      {info.label[language]}
    </span>
  )
}

/** A payment's status label in the active language, in its colour. */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const language = useLanguage()
  const info = PAYMENT_STATUS_INFO[status]
  if (!info) return <span className={cx(chip, toneClass.other)}>{status}</span>
  return (
    <span className={cx(chip, toneClass[info.tone])} data-tone={info.tone}>
      {info.label[language]}
    </span>
  )
}
