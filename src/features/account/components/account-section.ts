import { css } from '../../../../styled-system/css'

/** A card of the account page (profile, e-mail, notifications, alerts …) and its heading. */
export const accountSection = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: { base: '4', md: '6' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
export const accountSectionTitle = css({ fontSize: 'md', fontWeight: 'semibold' })
