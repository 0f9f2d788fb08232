import { Trans, useLingui } from '@lingui/react/macro'
import { css } from '../../../../../styled-system/css'
import type { ImportResultDto } from '../../../../domain/product-import.ts'
import { mutedText } from '../../components/ops-table.ts'

const counts = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
  gap: '3',
  m: '0',
})
const count = css({
  display: 'flex',
  flexDirection: 'column-reverse',
  p: '3',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const number = css({ fontSize: 'xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums', m: '0' })
const names = css({ fontSize: 'sm' })

/** The result's counts, and the series and brands the import creates (or would create). */
export function ImportSummary(props: { result: ImportResultDto }) {
  const { t } = useLingui()
  const { result } = props
  const figures = [
    { label: t`商品行`, value: result.rows },
    { label: t`新建`, value: result.created },
    { label: t`更新`, value: result.updated },
    { label: t`不变`, value: result.unchanged },
    { label: t`错误`, value: result.errors.length },
  ]
  return (
    <>
      <dl className={counts} aria-label={result.dryRun ? t`检查结果` : t`导入结果`}>
        {figures.map((figure) => (
          <div key={figure.label} className={count}>
            <dt className={mutedText}>{figure.label}</dt>
            <dd className={number}>{figure.value}</dd>
          </div>
        ))}
      </dl>
      {result.createdSeries.length > 0 ? (
        <p className={names}>
          {result.dryRun ? (
            <Trans>将新建的系列：{result.createdSeries.join('、')}</Trans>
          ) : (
            <Trans>已新建的系列：{result.createdSeries.join('、')}</Trans>
          )}
        </p>
      ) : null}
      {result.createdBrands.length > 0 ? (
        <p className={names}>
          {result.dryRun ? (
            <Trans>将新建的品牌：{result.createdBrands.join('、')}</Trans>
          ) : (
            <Trans>已新建的品牌：{result.createdBrands.join('、')}</Trans>
          )}
        </p>
      ) : null}
    </>
  )
}
