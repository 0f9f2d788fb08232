import { Link } from '@tanstack/react-router'
import { css } from '../../../../styled-system/css'

const logo = css({
  display: 'flex',
  alignItems: 'baseline',
  gap: '2',
  color: 'primary',
  fontWeight: 'bold',
  flexShrink: 0,
  borderRadius: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const logoMark = css({ fontSize: { base: 'xl', md: '2xl' }, letterSpacing: 'tight', whiteSpace: 'nowrap' })

/** The shop's name, leading home. */
export function Logo() {
  return (
    <Link to="/" className={logo}>
      <span className={logoMark}>Yoyaku 予約</span>
    </Link>
  )
}
