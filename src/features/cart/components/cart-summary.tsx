import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldControl } from '../../../components/ui/form-field.tsx'
import type { Language } from '../../../domain/language.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { applyPoints } from '../../../domain/pricing.ts'
import { AmountEntry } from '../../checkout/components/amount-entry.tsx'
import { pointsFrom } from '../../checkout/components/points-field.tsx'
import type { CartTotals } from './cart-totals.ts'

const panel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '4',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  position: { lg: 'sticky' },
  top: { lg: '4' },
})
const heading = css({ fontSize: 'lg', fontWeight: 'semibold' })
const counted = css({ fontSize: 'sm', color: 'text.muted' })
const list = css({ display: 'flex', flexDirection: 'column', gap: '1.5', fontSize: 'sm' })
const strong = css({ fontWeight: 'semibold', fontSize: 'md' })
const due = css({ fontWeight: 'bold', fontSize: 'lg', color: 'secondary.hover' })
const muted = css({ color: 'text.muted' })
const divider = css({ borderTop: '1px solid', borderColor: 'border', pt: '2' })
const pointsBox = css({ display: 'flex', flexDirection: 'column', gap: '2', pt: '2' })
const switchRow = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  fontSize: 'sm',
  cursor: 'pointer',
})
const switchInput = css({
  width: '5',
  height: '5',
  accentColor: 'primary',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const pointsField = css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })
const pointsInput = css({ maxWidth: '40' })
const nextBox = css({ display: 'flex', flexDirection: 'column', gap: '1', pt: '2' })
const nextButton = css({ width: 'full', py: '3', fontSize: 'md' })
const nextReason = css({ fontSize: 'xs', color: 'text.muted', textAlign: 'center' })

/**
 * The amount due of the selected lines: goods, what the member discount saved, the fees, the total,
 * the deposit paid now and the balance paid on arrival; points (one yen each) lower what is paid now,
 * never below zero and never more than the shopper holds.
 */
export function CartSummary(props: {
  totals: CartTotals
  language: Language
  pointsHeld: number
  /** Next (spec §2 'Cart'): on to the confirmation, with the points as chosen here. */
  onNext?: (points: { pointsUsed: number; payable: number }) => void
  /** Why Next cannot be pressed now, or null when it can. */
  nextBlockedBy?: ReactNode
}) {
  const { t } = useLingui()
  const { totals, language } = props
  const yen = (amount: number) => formatYen(amount, language)
  const pointsHeld = Number.isSafeInteger(props.pointsHeld) ? Math.max(0, props.pointsHeld) : 0
  const [usePoints, setUsePoints] = useState(false)
  const [requested, setRequested] = useState('')
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const usable = Math.min(pointsHeld, totals.deposit)
  const applied = applyPoints(totals.deposit, pointsHeld, usePoints ? pointsFrom(requested) : 0)
  const { lineCount, pieces } = totals
  const pointsUsed = applied.pointsUsed
  const nextReasonId = `${inputId}-next`
  const { onNext, nextBlockedBy } = props

  return (
    <aside className={panel} aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className={heading}>
        <Trans>结算信息</Trans>
      </h2>
      <p className={counted}>
        <Trans>
          已选 {lineCount} 种商品，共 {pieces} 件
        </Trans>
      </p>
      <dl className={list} aria-label={t`金额明细`}>
        <AmountEntry label={<Trans>商品金额</Trans>} value={yen(totals.goods)} />
        {totals.saved > 0 ? (
          <AmountEntry
            label={<Trans>会员优惠（已计入）</Trans>}
            value={`−${yen(totals.saved)}`}
            className={muted}
          />
        ) : null}
        <AmountEntry label={<Trans>平台服务费</Trans>} value={yen(totals.platformFee)} />
        <AmountEntry label={<Trans>结算手续费</Trans>} value={yen(totals.settlementFee)} />
        <AmountEntry label={<Trans>合计</Trans>} value={yen(totals.total)} className={cx(divider, strong)} />
        <AmountEntry label={<Trans>现在支付（定金）</Trans>} value={yen(totals.deposit)} />
        <AmountEntry label={<Trans>到货后支付尾款</Trans>} value={yen(totals.balance)} />
        {usePoints ? <AmountEntry label={<Trans>积分抵扣</Trans>} value={`−${yen(pointsUsed)}`} /> : null}
        <AmountEntry
          label={<Trans>应付金额</Trans>}
          value={yen(applied.payable)}
          className={cx(divider, due)}
        />
      </dl>
      {pointsHeld > 0 ? (
        <div className={pointsBox}>
          <label className={switchRow}>
            <span>
              <Trans>使用积分</Trans>{' '}
              <span className={muted}>
                <Trans>（可用 {pointsHeld} 积分）</Trans>
              </span>
            </span>
            <input
              type="checkbox"
              role="switch"
              aria-checked={usePoints}
              className={switchInput}
              checked={usePoints}
              onChange={(event) => {
                setUsePoints(event.target.checked)
                if (event.target.checked && requested === '') setRequested(String(usable))
              }}
            />
          </label>
          {usePoints ? (
            <div className={pointsField}>
              <label htmlFor={inputId}>
                <Trans>使用积分数</Trans>
              </label>
              <input
                id={inputId}
                className={cx(fieldControl, pointsInput)}
                type="number"
                inputMode="numeric"
                min={0}
                max={usable}
                step={1}
                value={requested}
                aria-describedby={hintId}
                onChange={(event) => setRequested(event.target.value)}
                onBlur={() => setRequested(String(pointsUsed))}
              />
              <p id={hintId} className={muted}>
                <Trans>1 积分抵 1 日元，最多可用 {usable} 积分（不超过持有积分和本次定金）。</Trans>
              </p>
            </div>
          ) : null}
        </div>
      ) : null}
      {onNext ? (
        <div className={nextBox}>
          <Button
            className={nextButton}
            disabled={Boolean(nextBlockedBy)}
            aria-describedby={nextBlockedBy ? nextReasonId : undefined}
            onClick={() => onNext({ pointsUsed, payable: applied.payable })}
          >
            <Trans>下一步</Trans>
          </Button>
          {nextBlockedBy ? (
            <p id={nextReasonId} className={nextReason}>
              {nextBlockedBy}
            </p>
          ) : null}
        </div>
      ) : null}
    </aside>
  )
}
