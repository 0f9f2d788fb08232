import { css } from '../../../styled-system/css'

const grid = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(4, minmax(0, 1fr))',
    xl: 'repeat(6, minmax(0, 1fr))',
  },
})
const tile = css({
  aspectRatio: '3 / 4',
  borderRadius: 'md',
  bg: 'gray.100',
  animation: 'pulse 1.5s ease-in-out infinite',
})

/** Placeholder tiles while a product list loads. */
export function CardGridSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <div className={grid} role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, slot) => `slot-${slot}`).map((slot) => (
        <div key={slot} className={tile} />
      ))}
    </div>
  )
}
