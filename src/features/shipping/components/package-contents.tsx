import { Trans, useLingui } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { productNameIn } from '../../../domain/catalog.ts'
import type { PackageContentDto } from '../../../domain/packaging.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'

const wrap = css({ overflowX: 'auto' })
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { px: '2', py: '2', borderBottom: '1px solid', borderColor: 'border', textAlign: 'left' },
  '& th': { color: 'text.muted', fontSize: 'xs', fontWeight: 'medium', whiteSpace: 'nowrap' },
})
const number = css({ fontVariantNumeric: 'tabular-nums', textAlign: 'right!', whiteSpace: 'nowrap' })
const short = css({ color: 'red.700', fontWeight: 'semibold' })

/**
 * What went into the box (spec §3 'Package' contents): the product in the shopper's language, its
 * barcode and price, the quantity asked for and the one packed, the warehouse's remark.
 */
export function PackageContents({ contents }: { contents: PackageContentDto[] }) {
  const { t } = useLingui()
  const language = useLanguage()
  return (
    <div className={wrap}>
      <table className={table} aria-label={t`包裹内容`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>商品名称</Trans>
            </th>
            <th scope="col">
              <Trans>条码</Trans>
            </th>
            <th scope="col" className={number}>
              <Trans>单价</Trans>
            </th>
            <th scope="col" className={number}>
              <Trans>申请数量</Trans>
            </th>
            <th scope="col" className={number}>
              <Trans>实际数量</Trans>
            </th>
            <th scope="col">
              <Trans>备注</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {contents.map((line) => (
            <tr key={line.lineId}>
              <td>{productNameIn(language, line)}</td>
              <td>{line.barcode}</td>
              <td className={number}>{formatYen(line.price, language)}</td>
              <td className={number}>{line.requested}</td>
              <td className={`${number} ${line.actual < line.requested ? short : ''}`}>{line.actual}</td>
              <td>{line.remark || '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
