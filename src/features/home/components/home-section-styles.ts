import { css } from '../../../../styled-system/css'

/* The look of the home page's chip sections (hot series, trending brands). */

export const section = css({ display: 'flex', flexDirection: 'column', gap: '3' })
export const heading = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: '2',
  borderBottom: '2px solid',
  borderColor: 'primary',
  pb: '1',
})
export const title = css({ fontSize: 'xl', fontWeight: 'bold', color: 'primary' })
export const moreLinks = css({ display: 'flex', gap: '4', fontSize: 'sm' })
export const titleLink = css({
  color: 'primary',
  borderRadius: 'sm',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
export const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
export const chip = css({
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
