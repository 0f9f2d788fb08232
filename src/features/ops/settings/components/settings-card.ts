import { css } from '../../../../../styled-system/css'

/** One section of the settings room: a titled card. */
export const settingsCard = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '4',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})

/** Help under a section's title or field. */
export const settingsHint = css({ fontSize: 'xs', color: 'text.muted' })
