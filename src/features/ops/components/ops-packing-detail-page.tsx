import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { FormField } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { productNameIn } from '../../../domain/catalog.ts'
import { PackageStatus } from '../../../domain/package-status.ts'
import type { OpsPackageApplyDto, PackageDto } from '../../../domain/packaging.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { fullAddressIn, recipientNameIn } from '../../addresses/address-text.ts'
import { orderAddressOf } from '../../orders/order-text.ts'
import { PackageStatusBadge } from '../../shipping/components/package-status-badge.tsx'
import { markApplyPicked } from '../api/mark-picked.ts'
import { getOpsPackageApply } from '../api/package-apply-detail.ts'
import { shopDateTime } from '../format.ts'
import { gramsText, packageRefusalText, sizeText } from '../package-text.ts'
import { useLoaded } from '../use-loaded.ts'
import { useMethodIndex } from '../use-method-index.ts'
import { type ActionOutcome, ActionOutcomeNotice } from './action-outcome.tsx'
import { DetailStates, detailPage, Fact, factList, titleRow } from './detail-page.tsx'
import { amountCell, mutedText, pageTitle, section, sectionTitle, table, tableScroll } from './ops-table.ts'
import { PackDialog } from './pack-dialog.tsx'
import { PackagePhotosSection } from './package-photos-section.tsx'

const bar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3' })
const scanForm = css({ display: 'flex', alignItems: 'flex-end', gap: '2', maxWidth: 'md' })
const checkbox = css({ width: '5', height: '5', cursor: 'pointer' })
const tickedRow = css({ bg: 'green.50' })
const orderLinks = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })

/** 404 on a packaging request of the console, with the way back to the queue. */
function ApplyNotFound() {
  return (
    <Notice
      tone="info"
      title={<Trans>找不到这个打包申请</Trans>}
      action={
        <Link to="/ops/packing">
          <Trans>返回打包队列</Trans>
        </Link>
      }
    >
      <Trans>请检查申请号是否正确。</Trans>
    </Notice>
  )
}

/** /ops/packing/{id}: a packaging request to pick (a checklist) and pack (boxes), then its packages. */
export function OpsPackingDetailPage({ applyId }: { applyId: string }) {
  // An id that cannot be a request's reads as one that does not exist.
  if (!/^\d{1,9}$/.test(applyId) || Number(applyId) < 1) return <ApplyNotFound />
  return <LoadedApply applyId={Number(applyId)} />
}

function LoadedApply({ applyId }: { applyId: number }) {
  const { loaded, reload } = useLoaded(String(applyId), () => getOpsPackageApply(applyId))
  return (
    <DetailStates loaded={loaded} onRetry={reload} notFound={<ApplyNotFound />}>
      {(apply, refreshing) => <ApplyDetail apply={apply} refreshing={refreshing} onChanged={reload} />}
    </DetailStates>
  )
}

function ApplyDetail(props: { apply: OpsPackageApplyDto; refreshing: boolean; onChanged: () => void }) {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  const methods = useMethodIndex()
  const { apply } = props
  const [ticked, setTicked] = useState<ReadonlySet<number>>(() => new Set())
  const [scan, setScan] = useState('')
  const [scanNote, setScanNote] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [packing, setPacking] = useState(false)
  const [outcome, setOutcome] = useState<ActionOutcome>()
  const [packedNow, setPackedNow] = useState<PackageDto[]>([])
  const picking = apply.status === PackageStatus.waitOut
  const allTicked = apply.lines.length > 0 && apply.lines.every((line) => ticked.has(line.id))
  const packages = apply.packages.length > 0 ? apply.packages : packedNow
  const address = orderAddressOf(apply.address)
  const method = apply.shippingMethodId === null ? undefined : methods.get(apply.shippingMethodId)

  const toggle = (lineId: number) =>
    setTicked((current) => {
      const next = new Set(current)
      if (!next.delete(lineId)) next.add(lineId)
      return next
    })

  /** A scanned or typed JAN ticks the first line with that barcode not yet ticked. */
  const scanned = (event: FormEvent) => {
    event.preventDefault()
    const code = scan.trim()
    if (!code) return
    const line = apply.lines.find((each) => each.barcode === code && !ticked.has(each.id))
    if (line) {
      setTicked((current) => new Set(current).add(line.id))
      setScanNote(t`已勾选：${productNameIn(language, line)}`)
    } else {
      const known = apply.lines.some((each) => each.barcode === code)
      setScanNote(known ? t`条码 ${code} 的商品行都已勾选` : t`本申请中没有条码为 ${code} 的商品`)
    }
    setScan('')
  }

  const markPicked = async () => {
    setBusy(true)
    try {
      await markApplyPicked(apply.id)
      setOutcome({ tone: 'info', text: t`申请 ${apply.id} 已标记为已拣货，可以打包了。` })
    } catch (error) {
      setOutcome({ tone: 'error', text: packageRefusalText(error, language) })
    } finally {
      setBusy(false)
      props.onChanged()
    }
  }

  return (
    <article className={detailPage} aria-labelledby={`${id}-title`} aria-busy={props.refreshing}>
      <Link to="/ops/packing" className={mutedText}>
        <Trans>← 返回打包队列</Trans>
      </Link>
      <div className={titleRow}>
        <h1 id={`${id}-title`} className={pageTitle}>
          <Trans>打包申请 {apply.id}</Trans>
        </h1>
        <PackageStatusBadge status={apply.status} />
      </div>

      <ActionOutcomeNotice outcome={outcome} />

      <section className={section} aria-label={t`申请信息`}>
        <dl className={factList}>
          <Fact label={<Trans>顾客</Trans>}>
            {apply.userEmail ?? '—'} · <Trans>用户 ID {apply.userId}</Trans>
          </Fact>
          <Fact label={<Trans>申请时间</Trans>}>{shopDateTime(apply.createTime)}</Fact>
          <Fact label={<Trans>首选运输方式</Trans>}>
            {apply.shippingMethodId === null
              ? t`未指定`
              : method
                ? method.name[language]
                : t`方式 #${apply.shippingMethodId}`}
          </Fact>
          <Fact label={<Trans>最晚到仓日期</Trans>}>{apply.arrivedAt ?? '—'}</Fact>
          <Fact label={<Trans>订单</Trans>}>
            <span className={orderLinks}>
              {apply.orderIds.map((orderId) => (
                <Link key={orderId} to="/ops/orders/$id" params={{ id: String(orderId) }}>
                  {orderId}
                </Link>
              ))}
            </span>
          </Fact>
          <Fact label={<Trans>商品件数</Trans>}>{apply.productCount}</Fact>
          <Fact label={<Trans>免费仓储截止</Trans>}>{apply.freeStorageUntil ?? '—'}</Fact>
          <Fact label={<Trans>备注</Trans>}>{apply.remark || '—'}</Fact>
        </dl>
      </section>

      <section className={section} aria-labelledby={`${id}-address`}>
        <h2 id={`${id}-address`} className={sectionTitle}>
          <Trans>收货地址</Trans>
        </h2>
        <p>
          {recipientNameIn(language, address)} · {address.telephone}
          <br />
          {fullAddressIn(language, address)} {address.postCode ? `(${address.postCode})` : ''}
        </p>
      </section>

      <section className={section} aria-labelledby={`${id}-contents`}>
        <h2 id={`${id}-contents`} className={sectionTitle}>
          <Trans>商品清单</Trans>
        </h2>
        {picking ? (
          <>
            <p className={mutedText}>
              <Trans>拣货时逐行勾选（可扫描 JAN 条码）；全部勾选后才能标记为已拣货。</Trans>
            </p>
            <form className={scanForm} aria-label={t`扫码勾选`} onSubmit={scanned}>
              <FormField
                label={t`JAN 条码`}
                value={scan}
                maxLength={64}
                hint={scanNote}
                onChange={(event) => setScan(event.target.value)}
              />
              <Button type="submit" variant="secondary">
                <Trans>勾选</Trans>
              </Button>
            </form>
          </>
        ) : null}
        <div className={tableScroll}>
          <table className={table} aria-label={t`申请的商品`}>
            <thead>
              <tr>
                {picking ? (
                  <th scope="col">
                    <Trans>已拣</Trans>
                  </th>
                ) : null}
                <th scope="col">
                  <Trans>商品</Trans>
                </th>
                <th scope="col">
                  <Trans>JAN 条码</Trans>
                </th>
                <th scope="col" className={amountCell}>
                  <Trans>数量</Trans>
                </th>
                <th scope="col">
                  <Trans>订单号</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {apply.lines.map((line) => {
                const name = productNameIn(language, line)
                return (
                  <tr key={line.id} className={picking && ticked.has(line.id) ? tickedRow : undefined}>
                    {picking ? (
                      <td>
                        <input
                          type="checkbox"
                          className={checkbox}
                          aria-label={t`已拣：${name}（条码 ${line.barcode}）`}
                          checked={ticked.has(line.id)}
                          disabled={busy}
                          onChange={() => toggle(line.id)}
                        />
                      </td>
                    ) : null}
                    <td>{name}</td>
                    <td>{line.barcode}</td>
                    <td className={amountCell}>{line.quantity}</td>
                    <td>{line.orderId}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        <div className={bar}>
          {picking ? (
            <>
              <Button disabled={busy || !allTicked} onClick={() => void markPicked()}>
                {busy ? <Trans>正在提交…</Trans> : <Trans>标记已拣货</Trans>}
              </Button>
              <span className={mutedText} aria-live="polite">
                <Trans>
                  已勾选 {ticked.size} / {apply.lines.length} 行
                </Trans>
              </span>
            </>
          ) : null}
          {apply.status === PackageStatus.out ? (
            <Button onClick={() => setPacking(true)}>
              <Trans>打包</Trans>
            </Button>
          ) : null}
        </div>
      </section>

      {packages.length > 0 ? <PackagesSection packages={packages} /> : null}

      {packing ? (
        <PackDialog
          apply={apply}
          onCancel={() => setPacking(false)}
          onPacked={(answer) => {
            setPacking(false)
            setPackedNow(answer.packages)
            const numbers = answer.packages.map((each) => each.packageNo).join(t`、`)
            setOutcome({ tone: 'info', text: t`已打包成 ${answer.packages.length} 个包裹：${numbers}。` })
            props.onChanged()
          }}
        />
      ) : null}
    </article>
  )
}

function PackagesSection({ packages }: { packages: readonly PackageDto[] }) {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  return (
    <section className={section} aria-labelledby={`${id}-packages`}>
      <h2 id={`${id}-packages`} className={sectionTitle}>
        <Trans>包裹</Trans>
      </h2>
      <div className={tableScroll}>
        <table className={table} aria-label={t`申请的包裹`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>包裹号</Trans>
              </th>
              <th scope="col">
                <Trans>状态</Trans>
              </th>
              <th scope="col" className={amountCell}>
                <Trans>重量</Trans>
              </th>
              <th scope="col">
                <Trans>尺寸</Trans>
              </th>
              <th scope="col" className={amountCell}>
                <Trans>计费重量</Trans>
              </th>
              <th scope="col">
                <Trans>商品</Trans>
              </th>
              <th scope="col">
                <Trans>运单号</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {packages.map((each) => (
              <tr key={each.id}>
                <td>{each.packageNo}</td>
                <td>
                  <PackageStatusBadge status={each.status} />
                </td>
                <td className={amountCell}>{gramsText(each.weightG)}</td>
                <td>{sizeText(each)}</td>
                <td className={amountCell}>{gramsText(each.billedWeightG)}</td>
                <td>
                  {each.contents.map((content) => (
                    <div key={content.lineId}>
                      {productNameIn(language, content)} × {content.actual}
                    </div>
                  ))}
                </td>
                <td>{each.trackingNo ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Per box, its photos: the shopper sees them before paying the shipping fee. */}
      {packages.map((each) => (
        <PackagePhotosSection key={each.id} packageId={each.id} packageNo={each.packageNo} />
      ))}
    </section>
  )
}
