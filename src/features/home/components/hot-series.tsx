import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { type SeriesDto, seriesNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { productSearchHref } from '../../catalog/search-link.ts'
import { chip, chips, heading, titleLink as link, moreLinks, section, title } from './home-section-styles.ts'
import { BRANDS_HREF } from './trending-brands.tsx'

/** The first page of the hot series (spec §2: /product-hot-series with page=1). */
export const HOT_SERIES_HREF = '/product-hot-series?page=1'
export const ALL_SERIES_HREF = '/product-all-series'

/**
 * The hot series (spec §2 'Home'), named in the active language; an English entry without an English
 * name is left out. Each leads to the search for its products.
 */
export function HotSeries({ series, language }: { series: SeriesDto[]; language: Language }) {
  const headingId = useId()
  const named = series.flatMap((entry) => {
    const name = seriesNameIn(language, entry)
    return name ? [{ id: entry.id, name }] : []
  })
  if (named.length === 0) return null
  return (
    <section className={section} aria-labelledby={headingId}>
      <div className={heading}>
        <h2 id={headingId} className={title}>
          <Trans>热门系列</Trans>
        </h2>
        <div className={moreLinks}>
          <HrefLink href={HOT_SERIES_HREF} className={link}>
            <Trans>更多热门系列</Trans>
          </HrefLink>
          <HrefLink href={ALL_SERIES_HREF} className={link}>
            <Trans>全部系列</Trans>
          </HrefLink>
          <HrefLink href={BRANDS_HREF} className={link}>
            <Trans>品牌大全</Trans>
          </HrefLink>
          <HrefLink href="/calendar" className={link}>
            <Trans>发售日历</Trans>
          </HrefLink>
        </div>
      </div>
      <ul className={chips}>
        {named.map((entry) => (
          <li key={entry.id}>
            <HrefLink href={productSearchHref({ series: entry.id })} className={chip}>
              {entry.name}
            </HrefLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
