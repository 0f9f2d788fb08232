import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import type { Language } from '../../../domain/language.ts'
import { textIn } from '../../../domain/localized.ts'
import type { ShippingMethodEstimateDto } from '../../../domain/packaging.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { carrierText, methodRefusalText } from '../packaging-messages.ts'

const group = css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0' })
const legend = css({ fontWeight: 'semibold', mb: '1' })
const hint = css({ fontSize: 'sm', color: 'text.muted' })
const option = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  p: '3',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  cursor: 'pointer',
  fontSize: 'sm',
})
const chosen = css({ borderColor: 'primary', bg: 'blue.50' })
const unavailable = css({ cursor: 'not-allowed', bg: 'gray.50', color: 'text.muted' })
const radio = css({ mt: '0.5', width: '4', height: '4', accentColor: 'primary', flexShrink: 0 })
const body = css({ display: 'flex', flexDirection: 'column', gap: '0.5', flex: '1' })
const name = css({ fontWeight: 'medium' })
const facts = css({ display: 'flex', flexWrap: 'wrap', columnGap: '3', rowGap: '0.5', color: 'text.muted' })
const fee = css({ fontWeight: 'semibold', color: 'text', fontVariantNumeric: 'tabular-nums' })
const reasonText = css({ color: 'red.700' })
const status = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', fontSize: 'sm' })

/**
 * The preferred shipping method (optional): none, or one of the methods for the chosen address with
 * its carrier, whether it is tracked and its cheapest fee there ("from ¥…"; the fee itself is quoted
 * per box after packing). A method that cannot serve the address is shown disabled, with why.
 */
export function MethodChoice(props: {
  methods: ShippingMethodEstimateDto[]
  selected: number | null
  language: Language
  loading: boolean
  failed: boolean
  disabled: boolean
  onSelect: (methodId: number | null) => void
  onRetry: () => void
}) {
  const { language } = props
  const groupName = useId()
  const hintId = useId()
  return (
    <fieldset className={group} aria-describedby={hintId} aria-busy={props.loading}>
      <legend className={legend}>
        <Trans>首选运输方式（可选）</Trans>
      </legend>
      <p id={hintId} className={hint}>
        <Trans>运费在打包称重后按每个包裹报价；这里显示寄往所选地址的起步价。</Trans>
      </p>
      <label className={cx(option, props.selected === null && chosen)}>
        <input
          type="radio"
          name={groupName}
          className={radio}
          checked={props.selected === null}
          disabled={props.disabled}
          onChange={() => props.onSelect(null)}
        />
        <span className={body}>
          <span className={name}>
            <Trans>暂不指定</Trans>
          </span>
          <span className={facts}>
            <Trans>打包后为每个包裹选择运输方式</Trans>
          </span>
        </span>
      </label>
      {props.loading ? (
        <p className={status} role="status">
          <Trans>正在读取运输方式…</Trans>
        </p>
      ) : null}
      {props.failed ? (
        <div className={status} role="alert">
          <span>
            <Trans>运输方式读取失败，你仍可不指定运输方式提交申请。</Trans>
          </span>
          <Button variant="ghost" onClick={props.onRetry}>
            <Trans>重新读取</Trans>
          </Button>
        </div>
      ) : null}
      {props.methods.map((method) => {
        const from = method.fromFee === null ? null : formatYen(method.fromFee, language)
        const off = !method.available
        return (
          <label
            key={method.methodId}
            className={cx(option, props.selected === method.methodId && chosen, off && unavailable)}
            data-method={method.methodId}
          >
            <input
              type="radio"
              name={groupName}
              className={radio}
              value={method.methodId}
              checked={props.selected === method.methodId}
              disabled={props.disabled || off}
              onChange={() => props.onSelect(method.methodId)}
            />
            <span className={body}>
              <span className={name}>{textIn(language, method.name)}</span>
              <span className={facts}>
                <span>{carrierText(method.carrier)}</span>
                <span>{method.tracked ? <Trans>可追踪</Trans> : <Trans>无追踪</Trans>}</span>
                {off ? (
                  <span className={reasonText}>{methodRefusalText(method.reason)}</span>
                ) : from !== null ? (
                  <span className={fee}>
                    <Trans>{from} 起</Trans>
                  </span>
                ) : null}
              </span>
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
