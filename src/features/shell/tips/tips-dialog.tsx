import { Plural, Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { deadlineTextTone } from '../../../components/ui/reminder-banner.tsx'
import { OrderStatus } from '../../../domain/order-status-codes.ts'
import { PackageStatus } from '../../../domain/package-status.ts'

/** The startup counts the dialog names (spec §3 'Session and user store'; the over counts are among them). */
export interface TipsCounts {
  orderFinalCount: number
  orderFinalOverCount: number
  applyCount: number
  applyOverCount: number
  expressCount: number
  expressOverCount: number
  extraPayCount: number
}

const list = css({ display: 'flex', flexDirection: 'column', gap: '3', fontSize: 'sm' })
const item = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  pb: '3',
  borderBottom: '1px solid',
  borderColor: 'gray.200',
  _last: { borderBottom: 'none', pb: '0' },
})
const links = css({ display: 'flex', flexWrap: 'wrap', gap: '4' })
const link = css({
  color: 'secondary',
  fontWeight: 'medium',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

interface Tip {
  key: string
  text: ReactNode
  links: ReactNode
}

/**
 * What is waiting for the shopper (spec §2 'Tips dialog'): each kind with a count, how many of them are
 * overdue, and the pages that settle them. Following a link closes the dialog.
 */
export function TipsDialog({ counts, onClose }: { counts: TipsCounts; onClose: () => void }) {
  const overdue = (text: ReactNode) => <span className={deadlineTextTone.overdue}>{text}</span>
  const extraLink = (
    <Link className={link} to="/extra" onClick={onClose}>
      <Trans>查看额外费用</Trans>
    </Link>
  )
  const tips: Tip[] = []
  if (counts.orderFinalCount > 0) {
    const [count, over] = [counts.orderFinalCount, counts.orderFinalOverCount]
    tips.push({
      key: 'final',
      text: (
        <>
          <Plural value={count} other="# 笔订单待付尾款" />
          {over > 0 ? overdue(<Plural value={over} other="，其中 # 笔已逾期" />) : null}
        </>
      ),
      links: (
        <>
          <Link
            className={link}
            to="/order-list/list"
            search={{ pageNum: 1, status: OrderStatus.arrival }}
            onClick={onClose}
          >
            <Trans>去付尾款</Trans>
          </Link>
          {extraLink}
        </>
      ),
    })
  }
  if (counts.applyCount > 0) {
    const [count, over] = [counts.applyCount, counts.applyOverCount]
    tips.push({
      key: 'apply',
      text: (
        <>
          <Plural value={count} other="# 个订单待申请打包" />
          {over > 0 ? overdue(<Plural value={over} other="，其中 # 个已超过打包期限" />) : null}
        </>
      ),
      links: (
        <>
          <Link className={link} to="/packaging" onClick={onClose}>
            <Trans>去申请打包</Trans>
          </Link>
          {extraLink}
        </>
      ),
    })
  }
  if (counts.expressCount > 0) {
    const [count, over] = [counts.expressCount, counts.expressOverCount]
    tips.push({
      key: 'express',
      text: (
        <>
          <Plural value={count} other="# 个包裹待付运费" />
          {over > 0 ? overdue(<Plural value={over} other="，其中 # 个已逾期" />) : null}
        </>
      ),
      links: (
        <>
          <Link
            className={link}
            to="/package/list"
            search={{ pageNum: 1, status: PackageStatus.package }}
            onClick={onClose}
          >
            <Trans>去付运费</Trans>
          </Link>
          {extraLink}
        </>
      ),
    })
  }
  if (counts.extraPayCount > 0) {
    const count = counts.extraPayCount
    tips.push({
      key: 'extra',
      // the extra-fee page's banner says the same
      text: <Plural value={count} other="# 笔额外费用待支付" />,
      links: (
        <Link className={link} to="/extra" onClick={onClose}>
          <Trans>去支付额外费用</Trans>
        </Link>
      ),
    })
  }

  return (
    <ModalDialog
      title={<Trans>待处理事项</Trans>}
      onClose={onClose}
      closeOnEscape
      closeOnBackdrop
      showCloseButton
    >
      <ul className={list}>
        {tips.map((tip) => (
          <li key={tip.key} className={item}>
            <p>{tip.text}</p>
            <p className={links}>{tip.links}</p>
          </li>
        ))}
      </ul>
    </ModalDialog>
  )
}
