import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import type { Language } from '../../../domain/language.ts'
import { textIn } from '../../../domain/localized.ts'
import type { ShippingMethodEstimateDto } from '../../../domain/packaging.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { carrierText, methodRefusalText, weightText } from '../packaging-messages.ts'
import type { MethodEstimates } from '../use-method-estimates.ts'

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
const estimateText = css({ flexBasis: 'full', color: 'text', fontVariantNumeric: 'tabular-nums' })
const status = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', fontSize: 'sm' })

/**
 * The preferred shipping method (optional): none, or one of the methods for the chosen address with
 * its carrier, whether it is tracked and its cheapest fee there ("from ¥…"; the fee itself is quoted
 * per box after packing). A method that cannot serve the address is shown disabled, with why. With
 * orders chosen, each method that serves the address also shows its fee estimated for them, labelled
 * as an estimate with the packing allowance it includes.
 */
export function MethodChoice(props: {
  methods: ShippingMethodEstimateDto[]
  estimates: MethodEstimates
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
      {props.methods.some((method) => method.available) ? (
        <EstimateStatus estimates={props.estimates} />
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
                {off ? null : (
                  <EstimateLine estimates={props.estimates} methodId={method.methodId} language={language} />
                )}
              </span>
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}

/** Where the estimates stand as a whole: waiting for orders, being read, or not to be had. */
function EstimateStatus({ estimates }: { estimates: MethodEstimates }) {
  switch (estimates.state) {
    case 'none':
      return (
        <p className={hint}>
          <Trans>选择订单后，这里显示各运输方式的预计运费。</Trans>
        </p>
      )
    case 'loading':
      return (
        <p className={status} role="status">
          <Trans>正在估算运费…</Trans>
        </p>
      )
    case 'failed':
      return (
        <p className={status} role="status">
          <Trans>暂时无法估算运费；运费仍在打包后按实际重量报价。</Trans>
        </p>
      )
    case 'ready':
      return null
  }
}

/** One method's estimate for the chosen orders, once read. */
function EstimateLine(props: { estimates: MethodEstimates; methodId: number; language: Language }) {
  if (props.estimates.state !== 'ready') return null
  const estimate = props.estimates.byMethod.get(props.methodId) ?? null
  if (estimate === null) {
    return (
      <span className={estimateText}>
        <Trans>暂无预计运费（商品重量未知，或超出单个包裹的重量上限）</Trans>
      </span>
    )
  }
  const fee = formatYen(estimate.fee, props.language)
  const billed = weightText(estimate.billedWeightG)
  const allowance = weightText(estimate.allowanceG)
  return (
    <span className={estimateText} data-estimate={estimate.fee}>
      <Trans>
        预计运费 {fee}（估算，按 {billed} 计费，含包装 {allowance}）
      </Trans>
    </span>
  )
}
