import { Trans, useLingui } from '@lingui/react/macro'
import { Link, Outlet } from '@tanstack/react-router'
import { css } from '../../../../styled-system/css'
import { useSession } from '../../account/session/use-session.tsx'
import { OPS_NAV } from '../nav.ts'

const console_ = css({ display: 'flex', flexDirection: 'column', gap: '4', fontSize: 'sm' })
const bar = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: { base: '2', md: '6' },
  px: '4',
  py: '2',
  bg: 'gray.800',
  color: 'white',
  borderRadius: 'md',
})
const title = css({ fontWeight: 'bold', fontSize: 'md', whiteSpace: 'nowrap' })
const navList = css({ display: 'flex', flexWrap: 'wrap', gap: '1', flex: '1' })
const navLink = css({
  display: 'inline-block',
  px: '3',
  py: '1',
  borderRadius: 'sm',
  color: 'gray.200',
  _hover: { bg: 'gray.700', color: 'white' },
  _focusVisible: { outline: '2px solid', outlineColor: 'orange.300', outlineOffset: '2px' },
  '&[aria-current=page]': { bg: 'white', color: 'gray.900', fontWeight: 'semibold' },
})
const who = css({ display: 'flex', alignItems: 'center', gap: '3', whiteSpace: 'nowrap' })
const signOut = css({
  px: '3',
  py: '1',
  border: '1px solid',
  borderColor: 'gray.500',
  borderRadius: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'gray.700' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'orange.300', outlineOffset: '2px' },
})

/** /ops: the operator console's frame — its title, the sections, who is signed in — around a section. */
export function OpsLayout() {
  const { t } = useLingui()
  const { claims, logOut, signingOut } = useSession()
  return (
    <div className={console_}>
      <div className={bar}>
        <p className={title}>
          <Trans>Yoyaku 运营后台</Trans>
        </p>
        <nav aria-label={t`后台菜单`}>
          <ul className={navList}>
            {OPS_NAV.map((entry) => (
              <li key={entry.key}>
                <Link to={entry.to} className={navLink}>
                  {entry.label()}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={who}>
          {claims ? (
            <span>
              <Trans>运营人员：{claims.nickname}</Trans>
            </span>
          ) : null}
          <button type="button" className={signOut} disabled={signingOut} onClick={logOut}>
            <Trans>退出登录</Trans>
          </button>
        </div>
      </div>
      <Outlet />
    </div>
  )
}
