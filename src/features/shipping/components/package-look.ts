import { css } from '../../../../styled-system/css'

/* The look the package pages share: sections in cards, facts in a grid. */

export const section = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: { base: '3', md: '4' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
export const sectionTitle = css({ fontSize: 'lg', fontWeight: 'semibold' })
export const facts = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
  },
  fontSize: 'sm',
})
export const term = css({ color: 'text.muted', fontSize: 'xs' })
export const value = css({ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' })
export const muted = css({ fontSize: 'sm', color: 'text.muted' })
export const textLink = css({
  color: 'primary',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
export const payLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  alignSelf: 'flex-start',
  px: '4',
  py: '2',
  borderRadius: 'sm',
  bg: 'secondary',
  color: 'white',
  fontSize: 'sm',
  fontWeight: 'semibold',
  _hover: { bg: 'secondary.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
})
