import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { type SeriesDto, seriesNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { productSearchHref } from '../../catalog/search-link.ts'

/** The first page of the hot series (spec §2: /product-hot-series with page=1). */
export const HOT_SERIES_HREF = '/product-hot-series?page=1'
export const ALL_SERIES_HREF = '/product-all-series'

const section = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const heading = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: '2',
  borderBottom: '2px solid',
  borderColor: 'primary',
  pb: '1',
})
const title = css({ fontSize: 'xl', fontWeight: 'bold', color: 'primary' })
const moreLinks = css({ display: 'flex', gap: '4', fontSize: 'sm' })
const link = css({
  color: 'primary',
  borderRadius: 'sm',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const chip = css({
  display: 'inline-block',
  px: '3',
  py: '1.5',
  borderRadius: 'full',
  border: '1px solid',
  borderColor: 'border',
  bg: 'surface',
  fontSize: 'sm',
  _hover: { borderColor: 'secondary', color: 'secondary.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

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
