import { css, cx } from '../../../../styled-system/css'
import { PAYMENT_STATUS_INFO } from '../../../domain/payment-status.ts'
import type { CodeInfo } from '../../../domain/status-flow.ts'
import type { Tone } from '../../../domain/tone.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { orderStatusInfo } from '../order-text.ts'

// The spec's convention (§4): waiting orange, done green, cancelled or refunded red, the rest blue.
const toneClass: Record<Tone, string> = {
  waiting: css({ bg: 'status.waiting' }),
  done: css({ bg: 'status.done' }),
  cancelled: css({ bg: 'status.cancelled' }),
  other: css({ bg: 'status.other' }),
}

const badge = css({
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

export function StatusBadge({ info, code }: { info: CodeInfo; code: number }) {
  const language = useLanguage()
  return (
    <span className={cx(badge, toneClass[info.tone])} data-tone={info.tone} data-status={code}>
      {info.label[language]}
    </span>
  )
}

/** An order's status (table B) in the active language and its colour. */
export function OrderStatusBadge({ status }: { status: number }) {
  return <StatusBadge info={orderStatusInfo(status)} code={status} />
}

/** A payment's status in the active language and its colour. */
export function PaymentStatusBadge({ status }: { status: number }) {
  const info = (PAYMENT_STATUS_INFO as Record<number, CodeInfo | undefined>)[status] ?? {
    tone: 'other' as const,
    label: { zhCn: String(status), ja: String(status), en: String(status) },
  }
  return <StatusBadge info={info} code={status} />
}
