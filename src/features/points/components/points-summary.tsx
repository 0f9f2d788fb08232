import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { formatYen } from '../../../domain/price-display.ts'
import { ratePercentText } from '../../../domain/tiers.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { pointsText } from '../../account/components/avatar-menu.tsx'
import { useMemberTier } from '../../account/components/tier-label.tsx'
import { useSession } from '../../account/session/use-session.tsx'

const card = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))',
  p: { base: '4', md: '6' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const term = css({ fontSize: 'xs', color: 'text.muted' })
const value = css({ fontSize: 'lg', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })
const balanceValue = css({ fontSize: '2xl', fontWeight: 'bold', color: 'primary' })

function Fact(props: { name: string; term: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div data-fact={props.name}>
      <dt className={term}>{props.term}</dt>
      <dd className={props.className ?? value}>{props.children}</dd>
    </div>
  )
}

/**
 * The shopper's points and what earns them, as the session read them at startup (pay info): the
 * balance; for a member, the tier, its points rate and expiry (spec §4 'Tier label'); this month's
 * spending, which sets next month's tier.
 */
export function PointsSummary() {
  const { claims, startup } = useSession()
  const tier = useMemberTier()
  const language = useLanguage()
  const payInfo = startup.payInfo
  const balance = payInfo?.score ?? claims?.score ?? 0
  const expiry =
    tier?.label.kind === 'svip' ? (
      <Trans>长期有效</Trans>
    ) : tier?.label.kind === 'vip' && tier.label.expires ? (
      tier.label.expires
    ) : undefined
  return (
    <dl className={card}>
      <Fact name="balance" term={<Trans>积分余额</Trans>} className={balanceValue}>
        {pointsText(balance)}
      </Fact>
      {tier ? (
        <Fact name="tier" term={<Trans>会员等级</Trans>}>
          {tier.name}
        </Fact>
      ) : null}
      {payInfo ? (
        <Fact name="rate" term={<Trans>积分比例</Trans>}>
          {ratePercentText(payInfo.scoreRate)}
        </Fact>
      ) : null}
      {expiry ? (
        <Fact name="expiry" term={<Trans>有效期</Trans>}>
          {expiry}
        </Fact>
      ) : null}
      {payInfo ? (
        <Fact name="monthlyExpenditure" term={<Trans>本月消费</Trans>}>
          {formatYen(payInfo.monthlyExpenditure, language)}
        </Fact>
      ) : null}
    </dl>
  )
}
