import { css } from '../../../styled-system/css'

/** The responsive grid every product list uses (and its loading skeleton), 2 → 4 → 6 columns. */
export const productGrid = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(4, minmax(0, 1fr))',
    xl: 'repeat(6, minmax(0, 1fr))',
  },
})
