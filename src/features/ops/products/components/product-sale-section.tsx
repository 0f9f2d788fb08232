import { Trans, useLingui } from '@lingui/react/macro'
import { SelectField } from '../../../../components/ui/form-field.tsx'
import type { ProductEditor } from '../hooks/use-product-editor.ts'
import { PRODUCT_STATUSES, statusLabel } from '../product-labels.ts'
import { CheckField, DraftField, FieldGroup, grid } from './product-fields.tsx'

/** Deposit and quantities, stock and status, the sale windows, the home lists' ranks and the weight. */
export function ProductSaleSection(props: { editor: ProductEditor }) {
  const { t } = useLingui()
  const { editor } = props
  const rankHint = t`数字小的排前面；留空则不在该列表`
  return (
    <>
      <FieldGroup legend={<Trans>订金与数量</Trans>}>
        <div className={grid}>
          <CheckField
            label={t`先付订金（按订金比例）`}
            checked={editor.draft.isFront}
            error={editor.messageOf('isFront')}
            onChange={(checked) => editor.setFlag('isFront', checked)}
          />
          <CheckField
            label={t`参与会员折扣`}
            checked={editor.draft.isDiscount}
            error={editor.messageOf('isDiscount')}
            onChange={(checked) => editor.setFlag('isDiscount', checked)}
          />
        </div>
        <div className={grid}>
          <DraftField editor={editor} field="boxIn" label={t`每箱入数`} inputMode="numeric" />
          <DraftField
            editor={editor}
            field="orderBase"
            label={t`订购倍数`}
            inputMode="numeric"
            hint={t`顾客按此数量的倍数订购`}
          />
        </div>
      </FieldGroup>
      <FieldGroup legend={<Trans>库存与状态</Trans>}>
        <div className={grid}>
          <DraftField editor={editor} field="stock" label={t`库存`} inputMode="numeric" />
          <SelectField
            label={t`状态`}
            value={editor.draft.text.status}
            error={editor.messageOf('status')}
            onChange={(event) => editor.setText('status', event.target.value)}
          >
            {PRODUCT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </SelectField>
        </div>
      </FieldGroup>
      <FieldGroup legend={<Trans>销售时间</Trans>}>
        <div className={grid}>
          <DraftField
            editor={editor}
            field="preSellEndTime"
            type="datetime-local"
            label={t`预订截止（日本时间）`}
          />
          <DraftField
            editor={editor}
            field="sellTime"
            type="date"
            label={t`发售日`}
            hint={t`厂家出货的日期；预订须在当天（日本时间）结束前截止`}
          />
          <DraftField editor={editor} field="releaseDate" type="date" label={t`发行日`} />
        </div>
      </FieldGroup>
      <FieldGroup legend={<Trans>首页排名与重量</Trans>}>
        <div className={grid}>
          {(
            [
              ['hotRank', t`热销排名`],
              ['newRank', t`新品排名`],
              ['recommendRank', t`推荐排名`],
            ] as const
          ).map(([field, label]) => (
            <DraftField
              key={field}
              editor={editor}
              field={field}
              label={label}
              inputMode="numeric"
              hint={rankHint}
            />
          ))}
          <DraftField
            editor={editor}
            field="weightG"
            label={t`单件重量（克）`}
            inputMode="numeric"
            hint={t`用于估算运费`}
          />
        </div>
      </FieldGroup>
    </>
  )
}
