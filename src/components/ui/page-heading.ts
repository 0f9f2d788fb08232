import { css } from '../../../styled-system/css'

/* The look every list page shares: a column of sections under a title rule. */

/** The page: its sections stacked. */
export const pageStack = css({ display: 'flex', flexDirection: 'column', gap: '4' })

/** The title row: the title, and a count or actions at its end, over the primary-coloured rule. */
export const pageHeader = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: '2',
  borderBottom: '2px solid',
  borderColor: 'primary',
  pb: '1',
})

export const pageTitle = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', color: 'primary' })
