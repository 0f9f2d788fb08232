import { Trans, useLingui } from '@lingui/react/macro'
import { cx } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { AvatarMenu, CountBadge } from '../../account/components/avatar-menu.tsx'
import { TierLabel } from '../../account/components/tier-label.tsx'
import { cartBadge, headerLink, iconLinkLabel, quiet } from './header-link-styles.ts'
import { CartIcon, HeartIcon } from './icons.tsx'

/** A signed-in shopper's part of the desktop header: tier, favourites, cart and the account menu. */
export function DesktopMemberActions(props: { cartCount: number }) {
  const { t } = useLingui()
  return (
    <>
      <TierLabel />
      <HrefLink href="/collect" className={cx(headerLink, quiet)} title={t`收藏`}>
        <HeartIcon />
        <span className={iconLinkLabel}>
          <Trans>收藏</Trans>
        </span>
      </HrefLink>
      <HrefLink href="/cart" className={cx(headerLink, quiet)} title={t`购物车`}>
        <CartIcon />
        <span className={iconLinkLabel}>
          <Trans>购物车</Trans>
        </span>
        <CountBadge
          count={props.cartCount}
          describe={(text) => t`（${text} 件商品）`}
          className={cartBadge}
        />
      </HrefLink>
      <AvatarMenu />
    </>
  )
}
