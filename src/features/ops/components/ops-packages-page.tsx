import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { FormField, SelectField } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { PACKAGE_STATUS_INFO, PackageStatus } from '../../../domain/package-status.ts'
import type { OpsPackageDto } from '../../../domain/packaging.ts'
import { formatYen } from '../../../domain/price-display.ts'
import { type Carrier, trackingUrl } from '../../../domain/shipping.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { PackageStatusBadge } from '../../shipping/components/package-status-badge.tsx'
import { listOpsPackages } from '../api/list-packages.ts'
import { markPackageDelivered } from '../api/mark-delivered.ts'
import { carrierText, gramsText, packageRefusalText, sizeText } from '../package-text.ts'
import { useLoaded } from '../use-loaded.ts'
import { useMethodIndex } from '../use-method-index.ts'
import { useStatusKeywordQuery } from '../use-status-keyword-query.ts'
import { type ActionOutcome, ActionOutcomeNotice } from './action-outcome.tsx'
import { FilterBar } from './filter-bar.tsx'
import { ListHeader, ListStates, OpsTable } from './list-page.tsx'
import { amountCell, listPage, mutedText } from './ops-table.ts'
import { PageButtons } from './page-buttons.tsx'
import { ShipDialog } from './ship-dialog.tsx'

const filterColumns = css({ gridTemplateColumns: { base: '1fr', sm: '14rem 1fr auto' } })
const tracking = css({ fontFamily: 'mono', whiteSpace: 'nowrap' })

/** The outbound codes a package goes through (it starts packed, at 3). */
const PACKAGE_STATUSES: readonly PackageStatus[] = [3, 4, 5, 9, 7, 8]
export const PACKAGES_PAGE_SIZE = 30

/**
 * /ops/packages: every package with its fee, weights and tracking, by status and keyword; a package
 * whose fee is paid (4) is shipped here with its tracking number, a shipped one (5) marked as taken
 * over by the carrier (9).
 */
export function OpsPackagesPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  const methods = useMethodIndex()
  const { status, chooseStatus, draft, setDraft, query, setPageNum, search, reset } = useStatusKeywordQuery(
    '',
    PACKAGES_PAGE_SIZE,
  )
  const { loaded, reload } = useLoaded(JSON.stringify(query), () => listOpsPackages(query))
  const [shipping, setShipping] = useState<OpsPackageDto>()
  const [delivering, setDelivering] = useState<OpsPackageDto>()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<ActionOutcome>()

  /** The carrier of the method the fee was paid for; the package's own once shipped. */
  const carrierOf = (pkg: OpsPackageDto): Carrier =>
    pkg.carrier ??
    (pkg.shippingMethodId === null ? undefined : methods.get(pkg.shippingMethodId)?.carrier) ??
    'japanpost'
  const methodName = (pkg: OpsPackageDto) => {
    if (pkg.shippingMethodName) return pkg.shippingMethodName[language]
    if (pkg.shippingMethodId === null) return '—'
    return methods.get(pkg.shippingMethodId)?.name[language] ?? t`方式 #${pkg.shippingMethodId}`
  }

  const columns = [
    t`包裹号`,
    t`顾客`,
    t`状态`,
    t`已付运输方式`,
    { label: t`已付运费`, amount: true },
    { label: t`重量 / 计费重量`, amount: true },
    t`运单号`,
    t`操作`,
  ] as const

  const deliver = async (pkg: OpsPackageDto) => {
    setBusy(true)
    try {
      await markPackageDelivered(pkg.id)
      setOutcome({ tone: 'info', text: t`包裹 ${pkg.packageNo} 已标记为物流已揽收。` })
    } catch (error) {
      setOutcome({ tone: 'error', text: packageRefusalText(error, language) })
    } finally {
      setBusy(false)
      setDelivering(undefined)
      reload()
    }
  }

  return (
    <section className={listPage} aria-labelledby={`${id}-title`}>
      <ListHeader
        titleId={`${id}-title`}
        title={<Trans>包裹与发货</Trans>}
        count={loaded.state === 'ready' ? <Trans>共 {loaded.data.total} 个包裹</Trans> : null}
      />

      <FilterBar label={t`筛选包裹`} columns={filterColumns} onSearch={search} onReset={reset}>
        <SelectField
          label={t`包裹状态`}
          value={status}
          onChange={(event) => chooseStatus(event.target.value)}
        >
          <option value="">{t`全部`}</option>
          {PACKAGE_STATUSES.map((code) => (
            <option key={code} value={code}>
              {PACKAGE_STATUS_INFO[code].label[language]}
            </option>
          ))}
        </SelectField>
        <FormField
          label={t`包裹号 / 申请号 / 邮箱 / 运单号`}
          value={draft}
          maxLength={64}
          onChange={(event) => setDraft(event.target.value)}
        />
      </FilterBar>

      <ActionOutcomeNotice outcome={outcome} />

      <ListStates
        loaded={loaded}
        onRetry={reload}
        empty={<Notice tone="info" title={<Trans>没有符合条件的包裹</Trans>} />}
      >
        {(page, refreshing) => (
          <>
            <OpsTable label={t`包裹列表`} busy={refreshing} columns={columns}>
              {page.list.map((pkg) => (
                <tr key={pkg.id}>
                  <td>
                    <div>{pkg.packageNo}</div>
                    <Link to="/ops/packing/$id" params={{ id: String(pkg.applyId) }} className={mutedText}>
                      <Trans>申请 {pkg.applyId}</Trans>
                    </Link>
                  </td>
                  <td>
                    <div>{pkg.userEmail ?? '—'}</div>
                    <div className={mutedText}>
                      <Trans>用户 ID {pkg.userId}</Trans>
                    </div>
                  </td>
                  <td>
                    <PackageStatusBadge status={pkg.status} />
                  </td>
                  <td>{methodName(pkg)}</td>
                  <td className={amountCell}>
                    {pkg.shippingCost === null ? '—' : formatYen(pkg.shippingCost, language)}
                  </td>
                  <td className={amountCell}>
                    {gramsText(pkg.weightG)} / {gramsText(pkg.billedWeightG)}
                    <div className={mutedText}>{sizeText(pkg)}</div>
                  </td>
                  <td>
                    {pkg.trackingNo && pkg.carrier ? (
                      <>
                        <a
                          className={tracking}
                          href={trackingUrl(pkg.carrier, pkg.trackingNo)}
                          target="_blank"
                          rel="noreferrer"
                        >
                          {pkg.trackingNo}
                        </a>
                        <div className={mutedText}>{carrierText(pkg.carrier)}</div>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    {pkg.status === PackageStatus.waitSend ? (
                      <Button
                        aria-label={t`发货：包裹 ${pkg.packageNo}`}
                        onClick={() => {
                          setOutcome(undefined)
                          setShipping(pkg)
                        }}
                      >
                        <Trans>发货…</Trans>
                      </Button>
                    ) : null}
                    {pkg.status === PackageStatus.send ? (
                      <Button
                        variant="secondary"
                        aria-label={t`标记已揽收：包裹 ${pkg.packageNo}`}
                        onClick={() => {
                          setOutcome(undefined)
                          setDelivering(pkg)
                        }}
                      >
                        <Trans>标记已揽收</Trans>
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </OpsTable>
            <PageButtons page={page} onPage={setPageNum} />
          </>
        )}
      </ListStates>

      {shipping ? (
        <ShipDialog
          pkg={shipping}
          carrier={carrierOf(shipping)}
          onCancel={() => setShipping(undefined)}
          onShipped={(shipped) => {
            setShipping(undefined)
            const number = shipped.trackingNo ?? ''
            setOutcome({ tone: 'info', text: t`包裹 ${shipped.packageNo} 已发货，运单号 ${number}。` })
            reload()
          }}
        />
      ) : null}
      {delivering ? (
        <ConfirmDialog
          title={t`标记为物流已揽收？`}
          confirmLabel={t`确认已揽收`}
          busy={busy}
          onConfirm={() => void deliver(delivering)}
          onCancel={() => setDelivering(undefined)}
        >
          <p>
            <Trans>
              包裹 {delivering.packageNo}{' '}
              将变为“物流已揽收”；订单的包裹全部揽收后，订单也随之更新。此操作不能撤销。
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
