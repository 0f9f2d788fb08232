import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import type { PayChoice } from '../../../../machines/checkout/checkout-types.ts'
import { css, cx } from '../../../../styled-system/css'
import { PAY_CHOICES, payMethodText, payRouteText } from '../payment-words.ts'

const group = css({ display: 'flex', flexDirection: 'column', gap: '3', border: 'none', p: '0', m: '0' })
const legend = css({ fontWeight: 'semibold', mb: '1' })
const routeBox = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '3',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const routeTitle = css({ fontSize: 'sm', fontWeight: 'medium' })
const options = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const option = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  fontSize: 'sm',
  cursor: 'pointer',
})
const chosen = css({ borderColor: 'primary', bg: 'blue.50' })
const radio = css({ width: '4', height: '4', accentColor: 'primary' })

/**
 * The spec's three routes (§7) as radio groups, one choice across them: card or bank transfer; the
 * Japanese gateway's card, konbini or PayPay; PayPal.
 */
export function PayMethodChoice(props: {
  choice: PayChoice | null
  disabled: boolean
  onChoose: (choice: PayChoice) => void
}) {
  // rendered again when the language changes: the words below follow it
  useLingui()
  return (
    <fieldset className={group}>
      <legend className={legend}>
        <Trans>选择支付方式</Trans>
      </legend>
      {PAY_CHOICES.map((entry) => (
        <fieldset key={entry.route} className={routeBox}>
          <legend className={routeTitle}>{payRouteText(entry.route)}</legend>
          <div className={options}>
            {entry.methods.map((method) => {
              const checked = props.choice?.route === entry.route && props.choice.method === method
              return (
                <label key={method} className={cx(option, checked && chosen)}>
                  <input
                    type="radio"
                    name="pay-method"
                    className={radio}
                    value={`${entry.route}:${method}`}
                    checked={checked}
                    disabled={props.disabled}
                    onChange={() => props.onChoose({ route: entry.route, method })}
                  />
                  {payMethodText(entry.route, method)}
                </label>
              )
            })}
          </div>
        </fieldset>
      ))}
    </fieldset>
  )
}
