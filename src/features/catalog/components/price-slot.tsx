import { Trans, useLingui } from '@lingui/react/macro'
import { css, cx } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import type { Language } from '../../../domain/language.ts'
import { fenText, formatYen, type PriceView, rmbEstimateFen } from '../../../domain/price-display.ts'
import { useLoginHref } from '../use-login-href.ts'

const loginLink = css({
  // above a card's stretched name link, so this link is the one clicked
  position: 'relative',
  zIndex: 1,
  color: 'primary',
  textDecoration: 'underline',
  _hover: { color: 'primary.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const amount = css({ color: 'secondary.hover', fontWeight: 'semibold' })
const note = css({ color: 'text.muted' })
const estimate = css({ color: 'text.muted', fontWeight: 'normal', fontSize: '0.9em', whiteSpace: 'nowrap' })
const slot = css({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: '1.5' })

/**
 * A price as the shopper may see it (spec §1, §6): a visitor gets a link to log in, a partner-only
 * price its text, a role with no fitting price a generic label; a price is in yen, with a renminbi
 * estimate in the Chinese interface when the shop has a rate.
 */
export function PriceSlot(props: {
  view: PriceView
  language: Language
  rate: number | undefined
  className?: string
}) {
  const loginHref = useLoginHref()
  const { view, language, rate } = props
  switch (view.kind) {
    case 'loginRequired':
      return (
        <HrefLink className={cx(loginLink, props.className)} href={loginHref}>
          <Trans>登录后查看价格</Trans>
        </HrefLink>
      )
    case 'partnerOnly':
      return (
        <span className={cx(note, props.className)}>
          <Trans>该价格仅对合作伙伴开放</Trans>
        </span>
      )
    case 'generic':
      return (
        <span className={cx(note, props.className)}>
          <Trans>价格请咨询客服</Trans>
        </span>
      )
    case 'price':
      return (
        <span className={cx(slot, props.className)}>
          <span className={amount}>{formatYen(view.yen, language)}</span>
          <RmbEstimate yen={view.yen} language={language} rate={rate} />
        </span>
      )
  }
}

/** '≈ 645.23 元': the renminbi estimate, Chinese interface only, and only when the shop has a rate. */
export function RmbEstimate(props: { yen: number; language: Language; rate: number | undefined }) {
  const { t } = useLingui()
  if (props.language !== 'zhCn' || !props.rate) return null
  const rmb = fenText(rmbEstimateFen(props.yen, props.rate))
  return (
    <span className={estimate} title={t`按当前汇率估算的人民币价格`}>
      <Trans>≈ {rmb} 元</Trans>
    </span>
  )
}
