import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { productGrid } from '../../../components/ui/product-grid.ts'
import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { coverLoadInFirstGrid, ProductCard } from './product-card.tsx'

const section = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const heading = css({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: '3',
  borderBottom: '2px solid',
  borderColor: 'primary',
  pb: '1',
})
const title = css({ fontSize: 'xl', fontWeight: 'bold', color: 'primary' })
const link = css({
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const links = css({ display: 'flex', alignItems: 'baseline', gap: '4' })
/** The (More) link, and the look of any link beside it. */
export const more = css({
  fontSize: 'sm',
  color: 'text.muted',
  whiteSpace: 'nowrap',
  _hover: { color: 'primary', textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/**
 * A titled product list (spec §2 'Product list card'); renders nothing when the list is empty (a home
 * section appears only if non-empty). With `moreHref` the title links there and a (More) link follows.
 */
export function ProductListSection(props: {
  id: string
  title: ReactNode
  products: ProductCardDto[]
  language: Language
  moreHref?: string
  /** Where the cards open their product (default /product). */
  basePath?: string
  /** Links to related lists, before the (More) link. */
  links?: ReactNode
  /** The page's first grid of cards and nothing larger above it: its first cover is the largest paint. */
  leadsPage?: boolean
}) {
  if (props.products.length === 0) return null
  const headingId = `${props.id}-title`
  return (
    <section className={section} aria-labelledby={headingId}>
      <div className={heading}>
        <h2 id={headingId} className={title}>
          {props.moreHref ? (
            <HrefLink className={link} href={props.moreHref}>
              {props.title}
            </HrefLink>
          ) : (
            props.title
          )}
        </h2>
        <div className={links}>
          {props.links}
          {props.moreHref ? (
            <HrefLink className={more} href={props.moreHref} aria-describedby={headingId}>
              <Trans>（更多）</Trans>
            </HrefLink>
          ) : null}
        </div>
      </div>
      <ul className={productGrid}>
        {props.products.map((product, index) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              language={props.language}
              basePath={props.basePath}
              coverLoad={props.leadsPage ? coverLoadInFirstGrid(index) : undefined}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
