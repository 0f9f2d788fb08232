import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { type BrandDto, brandNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { productSearchHref } from '../../catalog/search-link.ts'
import { chip, chips, heading, moreLinks, section, title, titleLink } from './home-section-styles.ts'

/** The brand directory (backoffice §2 'Shopper side'). */
export const BRANDS_HREF = '/brands'

/**
 * The brands that sold most in the last 30 days, named in the active language, each leading to its
 * products, and a link to the brand directory. Nothing at all when no brand has sold yet.
 */
export function TrendingBrands({ brands, language }: { brands: BrandDto[]; language: Language }) {
  const headingId = useId()
  if (brands.length === 0) return null
  return (
    <section className={section} aria-labelledby={headingId}>
      <div className={heading}>
        <h2 id={headingId} className={title}>
          <Trans>热门品牌</Trans>
        </h2>
        <div className={moreLinks}>
          <HrefLink href={BRANDS_HREF} className={titleLink}>
            <Trans>品牌大全</Trans>
          </HrefLink>
        </div>
      </div>
      <ul className={chips}>
        {brands.map((brand) => (
          <li key={brand.id}>
            <HrefLink href={productSearchHref({ brandId: brand.id })} className={chip}>
              {brandNameIn(language, brand)}
            </HrefLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
