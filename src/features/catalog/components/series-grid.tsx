import { Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { type SeriesDto, seriesNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { productSearchHref } from '../search-link.ts'

const grid = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    xl: 'repeat(4, minmax(0, 1fr))',
  },
})
const tile = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  height: '100%',
  p: '4',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  _hover: { borderColor: 'primary', boxShadow: 'sm' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const name = css({ fontWeight: 'semibold', color: 'primary', overflowWrap: 'anywhere' })
const count = css({ fontSize: 'sm', color: 'text.muted' })

/** Series as tiles, each opening the search for its products; the name in the active language. */
export function SeriesGrid({ series, language }: { series: SeriesDto[]; language: Language }) {
  return (
    <ul className={grid}>
      {series.map((entry) => {
        const productCount = entry.productCount
        return (
          <li key={entry.id}>
            <HrefLink className={tile} href={productSearchHref({ series: entry.id })}>
              <span className={name}>{seriesNameIn(language, entry) ?? entry.seriesName}</span>
              <span className={count}>
                <Trans>{productCount} 件商品</Trans>
              </span>
            </HrefLink>
          </li>
        )
      })}
    </ul>
  )
}
