import { Trans, useLingui } from '@lingui/react/macro'
import { css } from '../../../../../styled-system/css'
import { FormField } from '../../../../components/ui/form-field.tsx'
import type { PriceField } from '../../../../domain/product-editor.ts'
import { mutedText } from '../../components/ops-table.ts'
import type { ProductEditor } from '../hooks/use-product-editor.ts'
import { marketLabel, PRICE_MARKETS, type PriceMarket } from '../product-labels.ts'
import { CheckField, FieldGroup } from './product-fields.tsx'

const priceGrid = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
  gridTemplateRows: { md: 'auto auto' },
  gridAutoFlow: { md: 'column' },
  alignItems: 'start',
})
const priceCell = css({ display: 'flex', flexDirection: 'column', gap: '1' })

function PriceInput(props: { editor: ProductEditor; market: PriceMarket; kind: 'alone' | 'batch' }) {
  const { t } = useLingui()
  const { editor, market, kind } = props
  const field: PriceField = market[kind]
  const partnersOnly = editor.draft.partnersOnly[field]
  const marketName = marketLabel(market.key)
  const label = kind === 'alone' ? t`${marketName} 单价（日元）` : t`${marketName} 批发价（日元）`
  return (
    <div className={priceCell}>
      <FormField
        label={label}
        inputMode="numeric"
        autoComplete="off"
        required
        value={editor.draft.prices[field]}
        error={editor.messageOf(field)}
        onChange={(event) => {
          // A minus typed in front means "partners only": the input keeps the amount, the box the sign.
          const typed = event.target.value
          if (typed.trimStart().startsWith('-')) {
            editor.setPartnersOnly(field, true)
            editor.setPrice(field, typed.trimStart().slice(1))
          } else editor.setPrice(field, typed)
        }}
      />
      <CheckField
        label={t`仅限合作伙伴`}
        accessibleName={t`仅限合作伙伴：${label}`}
        checked={partnersOnly}
        onChange={(checked) => editor.setPartnersOnly(field, checked)}
      />
    </div>
  )
}

/**
 * The six price columns: a market per column, its single price over its batch price. "Partners only"
 * saves the price negative (the shop shows it to partners only); the input always shows the amount.
 */
export function ProductPricesSection(props: { editor: ProductEditor }) {
  return (
    <FieldGroup legend={<Trans>价格</Trans>}>
      <p className={mutedText}>
        <Trans>整数日元。勾选“仅限合作伙伴”后，该价格只对合作伙伴显示。</Trans>
      </p>
      <div className={priceGrid}>
        {PRICE_MARKETS.flatMap((market) => [
          <PriceInput key={market.alone} editor={props.editor} market={market} kind="alone" />,
          <PriceInput key={market.batch} editor={props.editor} market={market} kind="batch" />,
        ])}
      </div>
    </FieldGroup>
  )
}
