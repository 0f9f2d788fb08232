import { css } from '../../../../styled-system/css'

/* The pay panels' look (the order's first payment, its balance, the extra fees): a card with a
 * heading, the amounts to pay, and the flow's error in red. */

export const payPanel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: { base: '3', md: '4' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
/**
 * About the height of a ready panel (amounts, countdown, an address, three routes, the button), held
 * while its code and data load: the page below it is already where it will stay. On a phone that is
 * below the fold, so nothing in view moves when the panel arrives.
 */
export const payPanelLoading = css({ minHeight: { base: '52rem', md: '34rem' } })
export const payPanelHeading = css({ fontSize: 'lg', fontWeight: 'semibold' })
export const amountList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1.5',
  fontSize: 'sm',
  maxWidth: 'md',
})
export const dividerAbove = css({ borderTop: '1px solid', borderColor: 'border', pt: '2' })
export const amountDue = css({ fontWeight: 'bold', fontSize: 'lg', color: 'secondary.hover' })
export const payMutedText = css({ color: 'text.muted', fontSize: 'sm' })
export const payAlertText = css({ fontSize: 'sm', color: 'red.700', fontWeight: 'medium' })
