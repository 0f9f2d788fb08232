import { Trans, useLingui } from '@lingui/react/macro'
import { Link, Outlet, useLocation } from '@tanstack/react-router'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { useSession } from '../../account/session/use-session.tsx'
import { roomOf, roomsFor } from '../nav.ts'
import { useOpsMe } from '../use-ops-me.ts'
// the console's classes: not in a shopper's stylesheet (scripts/console-css.ts)
import '../console.css'

const frame = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '13rem 1fr' },
  minHeight: '100vh',
  bg: 'surface.muted',
  fontSize: 'sm',
})
const sidebar = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  px: '3',
  py: '4',
  bg: 'gray.900',
  color: 'white',
})
const title = css({ fontWeight: 'bold', fontSize: 'md', px: '2' })
const navList = css({ display: 'flex', flexDirection: 'column', gap: '0.5' })
const navLink = css({
  display: 'block',
  px: '2',
  py: '1.5',
  borderRadius: 'sm',
  color: 'gray.300',
  _hover: { bg: 'gray.700', color: 'white' },
  _focusVisible: { outline: '2px solid', outlineColor: 'orange.300', outlineOffset: '1px' },
  '&[aria-current=page]': { bg: 'white', color: 'gray.900', fontWeight: 'semibold' },
})
const who = css({
  mt: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  px: '2',
  pt: '3',
  borderTop: '1px solid',
  borderColor: 'gray.700',
})
const signOut = css({
  alignSelf: 'flex-start',
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
const content = css({ minWidth: '0', px: { base: '3', md: '5' }, py: '4' })
const notice = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '3',
  maxWidth: '2xl',
  mx: 'auto',
  py: '10',
  px: '4',
})

/**
 * /ops: the console's own frame, none of the shop around it — a sidebar of the rooms this account may
 * use (GET /api/ops/me, the /ops route's loader), who is signed in with sign-out, and the room. An
 * account still on the password it was given sees only the way to change it; a room outside the
 * account's permissions says so instead of failing call by call.
 */
export function OpsLayout() {
  const { t } = useLingui()
  const me = useOpsMe()
  const { claims, logOut, signingOut } = useSession()
  const pathname = useLocation({ select: (location) => location.pathname })
  const nickname = claims?.nickname ?? me.nickname

  if (me.mustChangePassword) {
    return (
      <div className={notice}>
        <Notice
          tone="warning"
          title={<Trans>请先修改密码</Trans>}
          action={
            <Link to="/change-password">
              <Trans>修改密码</Trans>
            </Link>
          }
        >
          <Trans>此账号的密码由其他运营人员设置。修改密码后才能使用运营后台。</Trans>
        </Notice>
        <Button variant="secondary" disabled={signingOut} onClick={logOut}>
          <Trans>退出登录</Trans>
        </Button>
      </div>
    )
  }

  const rooms = roomsFor(me.permissions)
  const current = roomOf(pathname)
  // The room's name when the account may not use it; undefined when it may (or outside every room).
  const refusedRoom = current && !rooms.includes(current) ? current.label() : undefined
  return (
    <div className={frame}>
      <aside className={sidebar}>
        <p className={title}>
          <Trans>Yoyaku 运营后台</Trans>
        </p>
        <nav aria-label={t`后台菜单`}>
          <ul className={navList}>
            {rooms.map((entry) => (
              <li key={entry.key}>
                {/* Exact, then marked by hand: /ops/products/import is its own room, not products'. */}
                <Link
                  to={entry.to}
                  className={navLink}
                  activeOptions={{ exact: true, includeSearch: false }}
                  aria-current={entry === current ? 'page' : undefined}
                >
                  {entry.label()}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={who}>
          <span>
            <Trans>运营人员：{nickname}</Trans>
          </span>
          <button type="button" className={signOut} disabled={signingOut} onClick={logOut}>
            <Trans>退出登录</Trans>
          </button>
        </div>
      </aside>
      <main className={content}>
        {refusedRoom === undefined ? (
          <Outlet />
        ) : (
          <Notice tone="error" title={<Trans>没有使用“{refusedRoom}”的权限</Trans>}>
            <Trans>如需使用，请联系有员工管理权限的运营人员。</Trans>
          </Notice>
        )}
      </main>
    </div>
  )
}
