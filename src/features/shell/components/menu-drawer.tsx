import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import type { CategoryNode } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import {
  Avatar,
  CountBadge,
  pointsText,
  useAccountEntries,
  usePendingText,
} from '../../account/components/avatar-menu.tsx'
import { TierLabel } from '../../account/components/tier-label.tsx'
import { useSession } from '../../account/session/use-session.tsx'
import { CategoryAccordion } from './category-accordion.tsx'
import { Drawer } from './drawer.tsx'
import { LanguageSwitch } from './language-switch.tsx'

const card = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '3',
  bg: 'surface.muted',
  borderRadius: 'md',
})
const who = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '1',
  minWidth: '0',
})
const nickname = css({ fontWeight: 'semibold', truncate: true, maxWidth: 'full' })
const tierRow = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', fontSize: 'sm' })
const plainLink = css({
  color: 'primary',
  borderRadius: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const authButtons = css({ display: 'flex', gap: '2', width: 'full' })
const authButton = css({
  flex: '1',
  textAlign: 'center',
  py: '2',
  borderRadius: 'sm',
  fontSize: 'sm',
  fontWeight: 'medium',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const outlined = css({ border: '1px solid', borderColor: 'primary', color: 'primary' })
const filled = css({ bg: 'primary', color: 'white' })
const sectionTitle = css({ fontSize: 'xs', fontWeight: 'semibold', color: 'text.muted', mb: '1' })
const entryList = css({ display: 'flex', flexDirection: 'column' })
const entry = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  width: 'full',
  px: '2',
  py: '2.5',
  fontSize: 'sm',
  textAlign: 'start',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'border',
  cursor: 'pointer',
  _hover: { color: 'primary' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '-2px' },
})
const languageRow = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })

/** Avatar, nickname, tier label (a long press opens the rules article) and points; or Login and Register. */
function UserCard() {
  const { claims, startup } = useSession()
  if (!claims) {
    return (
      <div className={authButtons}>
        <HrefLink href="/login" className={cx(authButton, outlined)}>
          <Trans>登录</Trans>
        </HrefLink>
        <HrefLink href="/signup" className={cx(authButton, filled)}>
          <Trans>注册</Trans>
        </HrefLink>
      </div>
    )
  }
  const score = startup.payInfo?.score ?? claims.score
  return (
    <div className={card}>
      <Avatar src={claims.avatar} nickname={claims.nickname} size="lg" />
      <div className={who}>
        <span className={nickname}>{claims.nickname}</span>
        <span className={tierRow}>
          <TierLabel />
          <HrefLink href="/score" className={plainLink}>
            <Trans>积分：{pointsText(score)}</Trans>
          </HrefLink>
        </span>
      </div>
    </div>
  )
}

/**
 * The phone's menu (spec §2 'Header (mobile)'): the user card, the avatar menu's links plus the cart
 * and favourites, logout, the category accordion and the language switch.
 */
export function MenuDrawer(props: {
  tree: CategoryNode[]
  language: Language
  onLanguageChange: (language: Language) => void
  onClose: () => void
}) {
  const { claims, logOut } = useSession()
  const pending = usePendingText()
  // the card shows the tier and the points already
  const entries = useAccountEntries({ withCartAndCollect: true }).filter(
    (candidate) => candidate.key !== 'tier' && candidate.key !== 'score',
  )
  const accountId = useId()
  const categoriesId = useId()
  return (
    <Drawer title={<Trans>菜单</Trans>} side="left" onClose={props.onClose}>
      <UserCard />
      {claims ? (
        <nav aria-labelledby={accountId}>
          <h3 id={accountId} className={sectionTitle}>
            <Trans>我的账户</Trans>
          </h3>
          <ul className={entryList}>
            {entries.map((item) => (
              <li key={item.key}>
                <HrefLink href={item.href} className={entry}>
                  <span>{item.label}</span>
                  {item.badge === undefined ? null : (
                    <CountBadge count={item.badge} describe={item.describeBadge ?? pending} />
                  )}
                </HrefLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                className={entry}
                onClick={() => {
                  props.onClose()
                  logOut()
                }}
              >
                <Trans>退出登录</Trans>
              </button>
            </li>
          </ul>
        </nav>
      ) : null}
      {props.tree.length > 0 ? (
        <nav aria-labelledby={categoriesId}>
          <h3 id={categoriesId} className={sectionTitle}>
            <Trans>商品分类</Trans>
          </h3>
          <CategoryAccordion tree={props.tree} language={props.language} />
        </nav>
      ) : null}
      <div className={languageRow}>
        <LanguageSwitch value={props.language} onChange={props.onLanguageChange} />
      </div>
    </Drawer>
  )
}
