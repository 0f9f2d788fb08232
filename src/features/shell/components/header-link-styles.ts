import { css } from '../../../../styled-system/css'

/** The desktop header's text links: Login, Register, favourites and the cart. */
export const headerLink = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '3',
  py: '1.5',
  borderRadius: 'sm',
  fontSize: 'sm',
  fontWeight: 'medium',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
export const outlined = css({
  border: '1px solid',
  borderColor: 'primary',
  color: 'primary',
  _hover: { bg: 'surface.muted' },
})
export const filled = css({ bg: 'primary', color: 'white', _hover: { bg: 'primary.hover' } })
export const quiet = css({ color: 'text', _hover: { color: 'primary', bg: 'surface.muted' } })
/**
 * The text of an icon link (favourites, cart): its accessible name, not drawn. With it drawn, a
 * signed-in shopper's links took the search's room in English (tests/e2e/header-width.test.ts).
 */
export const iconLinkLabel = css({ srOnly: true })
export const cartBadge = css({ position: 'absolute', top: '-1', right: '-1' })
