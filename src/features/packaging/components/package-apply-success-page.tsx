import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { SHIPPING_FEE_DAYS } from '../../../domain/deadlines.ts'
import { refreshBadgeCounts } from '../../account/session/badge-counts.ts'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { searchId } from '../routing/search-id.ts'

const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: { base: '4', md: '6' },
  bg: 'green.50',
  border: '1px solid',
  borderColor: 'green.300',
  borderRadius: 'md',
  maxWidth: '2xl',
})
const headline = css({ fontSize: 'xl', fontWeight: 'bold' })
const number = css({ fontSize: 'md' })
const numberValue = css({ fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })
const steps = css({ listStyleType: 'decimal', pl: '5', display: 'flex', flexDirection: 'column', gap: '1' })
const links = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })
const linkButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '4',
  py: '2',
  borderRadius: 'sm',
  fontSize: 'sm',
  fontWeight: 'medium',
  bg: 'primary',
  color: 'white',
  _hover: { bg: 'primary.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const plainLink = css({
  fontSize: 'sm',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/**
 * The packaging request's result (spec §2 'package-apply-success'): the application number and what
 * happens next, with the ways to the packaging history and the orders.
 */
export function PackageApplySuccessPage() {
  const { t } = useLingui()
  useDocumentTitle(t`打包申请已提交`)
  const applyId = searchId(useLocation().search, 'applyId')
  // the orders left the packaging count
  useEffect(() => refreshBadgeCounts(), [])
  const days = SHIPPING_FEE_DAYS
  const history = (
    <HrefLink className={linkButton} href="/apply-packaging">
      <Trans>查看打包记录</Trans>
    </HrefLink>
  )
  return (
    <section className={pageStack} aria-labelledby="package-apply-success-title">
      <div className={pageHeader}>
        <h1 id="package-apply-success-title" className={pageTitle}>
          <Trans>申请打包</Trans>
        </h1>
      </div>
      {applyId === undefined ? (
        <Notice tone="warning" title={<Trans>没有找到这次打包申请</Trans>} action={history}>
          <Trans>链接中缺少申请编号。你提交过的申请都在打包记录里。</Trans>
        </Notice>
      ) : (
        <div className={card} role="status">
          <p className={headline}>
            <Trans>打包申请已提交</Trans>
          </p>
          <p className={number}>
            <Trans>
              申请编号 <span className={numberValue}>{applyId}</span>
            </Trans>
          </p>
          <p>
            <Trans>接下来：</Trans>
          </p>
          <ol className={steps}>
            <li>
              <Trans>仓库为你拣货并打包，打包后按箱称重，每个箱子是一个包裹。</Trans>
            </li>
            <li>
              <Trans>
                为每个包裹选择运输方式并支付运费：请在打包完成后 {days} 天内支付，逾期将收取仓储费。
              </Trans>
            </li>
            <li>
              <Trans>付清运费后仓库发货，你可以在包裹页面查看运单号。</Trans>
            </li>
          </ol>
          <p>
            <Trans>打包申请提交后不能取消。</Trans>
          </p>
          <div className={links}>
            {history}
            <Link className={plainLink} to="/order-list/list">
              <Trans>查看我的订单</Trans>
            </Link>
          </div>
        </div>
      )}
    </section>
  )
}
