import { css } from '../../../styled-system/css'
import { productGrid } from './product-grid.ts'

const tile = css({
  aspectRatio: '3 / 4',
  borderRadius: 'md',
  bg: 'gray.100',
  animation: 'pulse 1.5s ease-in-out infinite',
})

/** Placeholder tiles while a product list loads. */
export function CardGridSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <div className={productGrid} role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, slot) => `slot-${slot}`).map((slot) => (
        <div key={slot} className={tile} />
      ))}
    </div>
  )
}
