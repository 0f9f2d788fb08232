import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { productGrid } from '../../../components/ui/product-grid.ts'
import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { ProductCard } from './product-card.tsx'

const section = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const heading = css({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  borderBottom: '2px solid',
  borderColor: 'primary',
  pb: '1',
})
const title = css({ fontSize: 'xl', fontWeight: 'bold', color: 'primary' })

/** A titled product list; renders nothing when the list is empty (spec: a section appears only if non-empty). */
export function ProductListSection(props: {
  id: string
  title: ReactNode
  products: ProductCardDto[]
  language: Language
}) {
  if (props.products.length === 0) return null
  const headingId = `${props.id}-title`
  return (
    <section className={section} aria-labelledby={headingId}>
      <div className={heading}>
        <h2 id={headingId} className={title}>
          {props.title}
        </h2>
      </div>
      <ul className={productGrid}>
        {props.products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} language={props.language} />
          </li>
        ))}
      </ul>
    </section>
  )
}
