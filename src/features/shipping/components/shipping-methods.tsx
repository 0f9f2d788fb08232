import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { css, cx } from '../../../../styled-system/css'
import type { ShippingOptionDto } from '../../../domain/packaging.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { weightText } from '../package-text.ts'
import { carrierText, shippingRefusalText } from '../shipping-messages.ts'

const group = css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0' })
const legend = css({ fontWeight: 'semibold', mb: '1' })
const option = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2.5',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  fontSize: 'sm',
  cursor: 'pointer',
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const chosen = css({ borderColor: 'primary', bg: 'blue.50' })
const unavailable = css({ cursor: 'not-allowed', bg: 'gray.50', color: 'text.muted' })
const radio = css({ width: '4', height: '4', accentColor: 'primary' })
const name = css({ fontWeight: 'medium' })
const details = css({ display: 'block', fontSize: 'xs', color: 'text.muted' })
const reason = css({ display: 'block', fontSize: 'xs', color: 'red.700', fontWeight: 'medium' })
const fee = css({ fontWeight: 'bold', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })

/**
 * The methods quoted for the package (GET shippingCost): name, carrier, whether it is tracked, the
 * billed weight and the method's maximum, and the fee. A method the box breaks is listed disabled with
 * the reason in words (below the minimum, above the maximum weight or size, not to this address).
 */
export function ShippingMethods(props: {
  options: ShippingOptionDto[]
  methodId: number | null
  disabled: boolean
  onChoose: (methodId: number) => void
}) {
  const language = useLanguage()
  const id = useId()
  return (
    <fieldset className={group}>
      <legend className={legend}>
        <Trans>选择运输方式</Trans>
      </legend>
      {props.options.map((entry) => {
        const checked = props.methodId === entry.methodId
        const billed = weightText(entry.billedWeightG)
        const max = weightText(entry.maxWeightG)
        const carrier = carrierText(entry.carrier)
        const reasonId = `${id}-${entry.methodId}-reason`
        const why = entry.available ? null : entry.reason ? shippingRefusalText(entry.reason) : null
        return (
          <label
            key={entry.methodId}
            className={cx(option, checked && chosen, !entry.available && unavailable)}
            data-method={entry.methodId}
          >
            <input
              type="radio"
              name={`${id}-method`}
              className={radio}
              value={entry.methodId}
              checked={checked}
              disabled={props.disabled || !entry.available}
              aria-describedby={entry.available ? undefined : reasonId}
              onChange={() => props.onChoose(entry.methodId)}
            />
            <span>
              <span className={name}>{entry.name[language]}</span>
              <span className={details}>
                {carrier} · {entry.tracked ? <Trans>可追踪</Trans> : <Trans>不可追踪</Trans>} ·{' '}
                <Trans>计费重量 {billed}</Trans> · <Trans>最大 {max}</Trans>
              </span>
              {entry.available ? null : (
                <span id={reasonId} className={reason}>
                  {why ?? <Trans>暂不可用</Trans>}
                </span>
              )}
            </span>
            <span className={fee}>
              {entry.available && entry.fee !== null ? formatYen(entry.fee, language) : <Trans>不可用</Trans>}
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
