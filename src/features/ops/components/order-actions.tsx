import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { canOrderTransition, ORDER_STATUS_INFO, OrderStatus } from '../../../domain/order-status.ts'
import type { OpsOrderDetailDto } from '../../../domain/orders.ts'
import { PaymentStatus } from '../../../domain/payment-status.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { markOrderOrdered } from '../api/mark-ordered.ts'
import { refundOpsOrder } from '../api/refund-order.ts'
import { arrivalOutcomeText, canArrive, canSplit } from '../arrival-text.ts'
import { shopToday } from '../format.ts'
import { movedTo } from '../refusal.ts'
import { type ActionOutcome, ActionOutcomeNotice } from './action-outcome.tsx'
import { ArrivalDialog } from './arrival-dialog.tsx'
import { failureText } from './load-state.tsx'
import { RefundDialog } from './refund-dialog.tsx'
import { SplitDialog } from './split-dialog.tsx'

const bar = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const stack = css({ display: 'flex', flexDirection: 'column', gap: '2' })

type Open = 'none' | 'ordered' | 'refund' | 'arrival' | 'split'

/** Whether the flow lets the order be refunded now (3, 4, 5, 6 → 12) and something was paid. */
export function canRefund(order: OpsOrderDetailDto): boolean {
  return (
    canOrderTransition(order.status, OrderStatus.refund) &&
    order.payments.some((payment) => payment.status === PaymentStatus.pay)
  )
}

/**
 * What an operator can do to the order at its status: mark it ordered from the supplier (3 → 4), book
 * its arrival (3, 4 → 5 or 6; some lines only: split first), split it (3, 4 → 0 with children), or
 * refund it. Each asks first, says what happened (the server's message on a refusal, e.g. a 409 when
 * someone else moved the order meanwhile), and reloads the order.
 */
export function OrderActions(props: { order: OpsOrderDetailDto; onChanged: () => void }) {
  const { t } = useLingui()
  const language = useLanguage()
  const { order } = props
  const [open, setOpen] = useState<Open>('none')
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<ActionOutcome>()
  const [refundError, setRefundError] = useState<string>()
  const orderable = order.status === OrderStatus.waitOrder
  const refundable = canRefund(order)
  const arrivable = canArrive(order.status)
  const splittable = canSplit(order)
  const fromLabel = ORDER_STATUS_INFO[OrderStatus.waitOrder].label[language]
  const toLabel = ORDER_STATUS_INFO[OrderStatus.order].label[language]
  const paidYen = order.payments
    .filter((payment) => payment.status === PaymentStatus.pay)
    .reduce((sum, payment) => sum + payment.amount, 0)

  const markOrdered = async () => {
    setBusy(true)
    try {
      await markOrderOrdered(order.id)
      setOutcome({ tone: 'info', text: t`订单 ${order.id} 已标记为已向厂家下单。` })
    } catch (error) {
      const now = movedTo(error)
      setOutcome({
        tone: 'error',
        text:
          now === undefined
            ? (failureText(error) ?? t`操作失败，请稍后再试`)
            : t`订单现在是“${ORDER_STATUS_INFO[now].label[language]}”，不能再标记为已下单。`,
      })
    } finally {
      setBusy(false)
      setOpen('none')
      props.onChanged()
    }
  }

  const refund = async (reason: string | null) => {
    setBusy(true)
    setRefundError(undefined)
    try {
      await refundOpsOrder(order.id, reason)
      setOpen('none')
      setOutcome({ tone: 'info', text: t`订单 ${order.id} 已退款。` })
      props.onChanged()
    } catch (error) {
      setRefundError(failureText(error) ?? t`退款失败，请稍后再试`)
    } finally {
      setBusy(false)
    }
  }

  const arrived = (result: OpsOrderDetailDto) => {
    setOpen('none')
    setOutcome({ tone: 'info', text: arrivalOutcomeText(order.id, result, language) })
    props.onChanged()
  }

  const split = (parent: OpsOrderDetailDto) => {
    setOpen('none')
    const children = parent.children.map((child) => child.id).join(t`、`)
    setOutcome({
      tone: 'info',
      text: t`订单 ${order.id} 已拆分为 ${parent.children.length} 个子订单：${children}。`,
    })
    props.onChanged()
  }

  if (!orderable && !refundable && !arrivable && !splittable && !outcome) return null
  return (
    <div className={stack}>
      <ActionOutcomeNotice outcome={outcome} />
      <div className={bar}>
        {orderable ? (
          <Button onClick={() => setOpen('ordered')}>
            <Trans>标记为已向厂家下单</Trans>
          </Button>
        ) : null}
        {arrivable ? (
          <Button onClick={() => setOpen('arrival')}>
            <Trans>登记到仓…</Trans>
          </Button>
        ) : null}
        {splittable ? (
          <Button variant="secondary" onClick={() => setOpen('split')}>
            <Trans>拆分订单…</Trans>
          </Button>
        ) : null}
        {refundable ? (
          <Button
            variant="secondary"
            onClick={() => {
              setRefundError(undefined)
              setOpen('refund')
            }}
          >
            <Trans>退款</Trans>
          </Button>
        ) : null}
      </div>
      {open === 'ordered' ? (
        <ConfirmDialog
          title={t`标记为已向厂家下单？`}
          confirmLabel={t`确认下单`}
          busy={busy}
          onConfirm={() => void markOrdered()}
          onCancel={() => setOpen('none')}
        >
          <p>
            <Trans>
              订单 {order.id} 将从“{fromLabel}”变为“{toLabel}”。
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
      {open === 'arrival' ? (
        <ArrivalDialog
          order={order}
          initialDate={shopToday()}
          today={shopToday()}
          ticked="all"
          onArrived={arrived}
          onCancel={() => setOpen('none')}
        />
      ) : null}
      {open === 'split' ? (
        <SplitDialog order={order} onSplit={split} onCancel={() => setOpen('none')} />
      ) : null}
      {open === 'refund' ? (
        <RefundDialog
          orderId={order.id}
          refundable={formatYen(paidYen, language)}
          busy={busy}
          error={refundError}
          onConfirm={(reason) => void refund(reason)}
          onCancel={() => setOpen('none')}
        />
      ) : null}
    </div>
  )
}
