import { Trans } from '@lingui/react/macro'
import type { ShippingPackage } from '../../../../machines/shipping-fee/shipping-fee-types.ts'
import type { ShippingOptionDto } from '../../../domain/packaging.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { weightText } from '../package-text.ts'
import { muted } from './package-look.ts'

/**
 * The fee the packaging request estimated for its preferred method, beside what that method charges
 * for this packed box: "estimated ¥X · actual ¥Y". Nothing when the request kept no estimate.
 */
export function EstimateVsActual({ pkg, options }: { pkg: ShippingPackage; options: ShippingOptionDto[] }) {
  const language = useLanguage()
  const estimate = pkg.applyEstimate
  if (estimate === null) return null
  const option = options.find((each) => each.methodId === estimate.methodId)
  const estimated = formatYen(estimate.fee, language)
  const allowance = weightText(estimate.allowanceG)
  const actual = option?.available && option.fee !== null ? formatYen(option.fee, language) : null
  return (
    <div className={muted} data-estimate-vs-actual>
      <p>
        {actual !== null ? (
          <Trans>
            首选运输方式：预计 {estimated} · 实际 {actual}
          </Trans>
        ) : (
          <Trans>首选运输方式：预计 {estimated} · 实际：不能寄送这个包裹</Trans>
        )}
      </p>
      <p>
        <Trans>
          预计运费是申请打包时按商品目录重量加包装 {allowance}{' '}
          估算的，覆盖整个申请；实际运费按这个包裹称重后的计费重量计算。
        </Trans>
      </p>
    </div>
  )
}
