import { css } from '../../../../styled-system/css'
import { pageHeader } from '../../../components/ui/page-heading.ts'

/* The look of the home page's chip sections (hot series, trending brands). */

export const section = css({ display: 'flex', flexDirection: 'column', gap: '3' })
/** The title row over its rule, as every list page has it. */
export const heading = pageHeader
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
