import { css } from '../../../../styled-system/css'

/* The console's dense tables: operators compare many rows at once, on a desktop. */

/** A list page: its header (title, then counts and actions at the far end), filters, the table. */
export const listPage = css({ display: 'flex', flexDirection: 'column', gap: '4' })
export const listHeader = css({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: '2',
})

export const tableScroll = css({
  overflowX: 'auto',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
export const table = css({
  width: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': {
    px: '3',
    py: '2',
    textAlign: 'start',
    borderBottom: '1px solid',
    borderColor: 'border',
    verticalAlign: 'top',
  },
  '& th': { bg: 'surface.muted', fontWeight: 'semibold', whiteSpace: 'nowrap' },
  '& tbody tr:hover': { bg: 'surface.muted' },
})
export const amountCell = css({ textAlign: 'end !important', fontVariantNumeric: 'tabular-nums' })
export const mutedText = css({ color: 'text.muted', fontSize: 'xs' })
export const sectionTitle = css({ fontSize: 'md', fontWeight: 'semibold' })
export const pageTitle = css({ fontSize: 'xl', fontWeight: 'bold' })

/** A titled part of a page: heading, then its content. */
export const section = css({ display: 'flex', flexDirection: 'column', gap: '2' })

/** A card of a page (a panel, a settings section): a bordered box whose parts stack. */
export const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '4',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
