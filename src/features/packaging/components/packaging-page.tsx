import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useId } from 'react'
import { isSelectable } from '../../../../machines/packaging/packaging.machine.ts'
import type { PackagingEvent, PackagingRefusal } from '../../../../machines/packaging/packaging-types.ts'
import { MAX_REMARK_LENGTH } from '../../../../machines/packaging/packaging-types.ts'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { PACKAGING_REQUEST_DAYS } from '../../../domain/deadlines.ts'
import type { OrderDto } from '../../../domain/orders.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { refreshBadgeCounts } from '../../account/session/badge-counts.ts'
import { useSession } from '../../account/session/use-session.tsx'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { AddressChoice } from '../../checkout/components/address-choice.tsx'
import { orderNoteText, refusalText } from '../packaging-messages.ts'
import { useMethodEstimates } from '../use-method-estimates.ts'
import { usePackaging } from '../use-packaging.ts'
import { MethodChoice } from './method-choice.tsx'
import { PackagingBanners } from './packaging-banners.tsx'
import { PackagingOrderCard } from './packaging-order-card.tsx'

const count = css({ fontSize: 'sm', color: 'text.muted' })
const form = css({ display: 'flex', flexDirection: 'column', gap: '6' })
const section = css({ display: 'flex', flexDirection: 'column', gap: '3', border: 'none', p: '0', m: '0' })
const legend = css({ fontWeight: 'semibold', mb: '1' })
const toolbar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm' })
const selectedCount = css({ color: 'text.muted', mr: 'auto' })
const list = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const remarkBox = css({ display: 'flex', flexDirection: 'column', gap: '1.5' })
const remarkLabel = css({ fontWeight: 'semibold' })
const textarea = css({
  width: 'full',
  p: '2',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  fontSize: 'sm',
  bg: 'surface',
  resize: 'vertical',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '1px' },
  _disabled: { opacity: 0.6 },
})
const counter = css({ fontSize: 'xs', color: 'text.muted', alignSelf: 'flex-end' })
const submitArea = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const submitNote = css({ fontSize: 'sm', color: 'text.muted' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const textLink = css({
  color: 'inherit',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/**
 * The packaging reminders' counts: the session's notify count, never fewer than this page lists, so
 * the banners agree with the cards before the count is read again.
 */
function useApplyCounts(listed: readonly OrderDto[]): { count: number; overCount: number } {
  const { startup } = useSession()
  const overdue = listed.filter(
    (order) => order.deadlineState === 'overdue' || order.deadlineState === 'forfeited',
  ).length
  const overCount = Math.max(startup.applyOverCount, overdue)
  return { count: Math.max(startup.applyCount, listed.length, overCount), overCount }
}

/**
 * Request packaging (spec §2 'packaging', flows §5): the paid orders waiting in the warehouse, the
 * delivery address, a preferred shipping method with its estimate and a remark; the draft is kept
 * through a reload. Sent, it opens the application's result page; refused, it says why.
 */
export function PackagingPage() {
  const { t } = useLingui()
  useDocumentTitle(t`申请打包`)
  const navigate = useNavigate()
  const { actor, snapshot } = usePackaging()
  const send = (event: PackagingEvent) => actor?.send(event)
  const orders = snapshot?.context.orders ?? []
  const counts = useApplyCounts(orders)
  // the counts are read again with each visit: an order may have arrived or been requested meanwhile
  useEffect(() => refreshBadgeCounts(), [])

  const applyId = snapshot?.matches('applied') ? snapshot.context.applyId : null
  useEffect(() => {
    if (applyId === null) return
    refreshBadgeCounts()
    void navigate({ href: `/package-apply-success?applyId=${applyId}` })
  }, [applyId, navigate])

  const loaded =
    snapshot?.matches('choosing') || snapshot?.matches('submitting') || snapshot?.matches('unsent')
  const waiting = orders.length
  return (
    <section className={pageStack} aria-labelledby="packaging-title">
      <div className={pageHeader}>
        <h1 id="packaging-title" className={pageTitle}>
          <Trans>申请打包</Trans>
        </h1>
        {loaded ? (
          <p className={count} aria-live="polite">
            <Trans>共 {waiting} 个订单待打包</Trans>
          </p>
        ) : null}
      </div>
      <PackagingBanners count={counts.count} overCount={counts.overCount} />
      {snapshot === undefined ||
      snapshot.matches('loading') ||
      snapshot.matches('checking') ||
      snapshot.matches('suspended') ? (
        <Notice tone="info" title={<Trans>正在读取待打包的订单…</Trans>} />
      ) : null}
      {snapshot?.matches('loadFailed') ? (
        <Notice
          tone="error"
          title={<Trans>待打包的订单读取失败</Trans>}
          action={
            <Button onClick={() => send({ type: 'RETRY' })}>
              <Trans>重试</Trans>
            </Button>
          }
        >
          {snapshot.context.submitKey !== null ? (
            <Trans>你的打包申请可能已经提交：重新读取后会先核对，不会重复提交。</Trans>
          ) : (
            <Trans>请检查网络连接后重试。</Trans>
          )}
        </Notice>
      ) : null}
      {snapshot?.matches('applied') ? (
        <Notice tone="info" title={<Trans>打包申请已提交，正在打开申请结果…</Trans>} />
      ) : null}
      {loaded && orders.length === 0 && !snapshot?.matches('unsent') ? <NothingToPack /> : null}
      {loaded && snapshot && (orders.length > 0 || snapshot.matches('unsent')) ? (
        <PackagingForm snapshot={snapshot} send={send} />
      ) : null}
    </section>
  )
}

/** No order waits for packaging: where they come from, and the way to the orders. */
function NothingToPack() {
  const days = PACKAGING_REQUEST_DAYS
  return (
    <Notice
      tone="info"
      title={<Trans>没有待打包的订单</Trans>}
      action={
        <Link className={textLink} to="/order-list/list">
          <Trans>查看我的订单</Trans>
        </Link>
      }
    >
      <Trans>付清尾款的订单到货后会出现在这里，请在到货后 {days} 天内申请打包。</Trans>
    </Notice>
  )
}

type Snapshot = NonNullable<ReturnType<typeof usePackaging>['snapshot']>

/** Why an order cannot be chosen now, or null. */
function unavailableText(order: OrderDto, flagged: readonly number[], refusal: PackagingRefusal | null) {
  if (order.deadlineState === 'forfeited') return orderNoteText('forfeited')
  if (!flagged.includes(order.id)) return null
  const forfeited =
    refusal?.kind === 'refused' && refusal.reason === 'forfeited' && refusal.orderIds.includes(order.id)
  return orderNoteText(forfeited ? 'forfeited' : 'orderNotReady')
}

function PackagingForm({ snapshot, send }: { snapshot: Snapshot; send: (event: PackagingEvent) => void }) {
  const { t } = useLingui()
  const language = useLanguage()
  const remarkId = useId()
  const counterId = useId()
  const hintId = useId()
  const { orders, addresses, methods, selected, addressId, methodId, remark, flagged, refusal } =
    snapshot.context
  const editable = snapshot.matches('choosing')
  const submitting = snapshot.matches('submitting')
  const selectable = orders.filter((order) => isSelectable(order, flagged)).length
  const chosen = selected.length
  const remarkLength = remark.length
  const maxRemark = MAX_REMARK_LENGTH
  const canSubmit = snapshot.can({ type: 'SUBMIT' })
  const estimates = useMethodEstimates(addressId, selected)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    send({ type: 'SUBMIT' })
  }

  return (
    <form className={form} onSubmit={submit} aria-label={t`打包申请`} noValidate>
      <fieldset className={section}>
        <legend className={legend}>
          <Trans>选择要打包的订单</Trans>
        </legend>
        <div className={toolbar}>
          <span className={selectedCount} aria-live="polite">
            <Trans>
              已选 {chosen} / {selectable} 个订单
            </Trans>
          </span>
          <Button variant="ghost" disabled={!editable} onClick={() => send({ type: 'SELECT_ALL' })}>
            <Trans>全选</Trans>
          </Button>
          <Button variant="ghost" disabled={!editable} onClick={() => send({ type: 'SELECT_NONE' })}>
            <Trans>全不选</Trans>
          </Button>
        </div>
        <ul className={list}>
          {orders.map((order) => (
            <li key={order.id}>
              <PackagingOrderCard
                order={order}
                selected={selected.includes(order.id)}
                disabled={!editable}
                unavailable={unavailableText(order, flagged, refusal)}
                onToggle={() => send({ type: 'TOGGLE_ORDER', orderId: order.id })}
              />
            </li>
          ))}
        </ul>
      </fieldset>

      <AddressChoice
        addresses={addresses}
        selected={addressId}
        language={language}
        disabled={!editable}
        onSelect={(id) => send({ type: 'CHOOSE_ADDRESS', addressId: id })}
      />

      {addressId !== null ? (
        <MethodChoice
          methods={methods}
          estimates={estimates}
          selected={methodId}
          language={language}
          loading={snapshot.matches({ choosing: 'methods' })}
          failed={snapshot.matches({ choosing: 'methodsFailed' })}
          disabled={!editable}
          onSelect={(id) => send({ type: 'CHOOSE_METHOD', methodId: id })}
          onRetry={() => send({ type: 'RETRY' })}
        />
      ) : null}

      <div className={remarkBox}>
        <label htmlFor={remarkId} className={remarkLabel}>
          <Trans>备注（可选）</Trans>
        </label>
        <textarea
          id={remarkId}
          className={textarea}
          rows={3}
          maxLength={MAX_REMARK_LENGTH}
          value={remark}
          disabled={!editable}
          aria-describedby={counterId}
          placeholder={t`例如：易碎品请加强包装`}
          onChange={(event) => send({ type: 'SET_REMARK', remark: event.target.value })}
        />
        <span id={counterId} className={counter}>
          <Trans>
            {remarkLength} / {maxRemark} 字
          </Trans>
        </span>
      </div>

      {refusal !== null && editable ? <RefusalNotice refusal={refusal} /> : null}
      {snapshot.matches({ unsent: 'waiting' }) ? (
        <Notice
          tone="warning"
          title={<Trans>没有收到服务器的答复</Trans>}
          action={
            <Button onClick={() => send({ type: 'RETRY' })}>
              <Trans>重新核对</Trans>
            </Button>
          }
        >
          <Trans>打包申请可能已经提交，也可能没有。联网后会先向服务器核对，不会重复提交。</Trans>
        </Notice>
      ) : null}
      {snapshot.matches({ unsent: 'ready' }) ? (
        <Notice
          tone="warning"
          title={<Trans>打包申请尚未提交</Trans>}
          action={
            <div className={actions}>
              <Button onClick={() => send({ type: 'RETRY' })}>
                <Trans>重新提交</Trans>
              </Button>
              <Button variant="ghost" onClick={() => send({ type: 'EDIT' })}>
                <Trans>修改申请</Trans>
              </Button>
            </div>
          }
        >
          <Trans>所选订单仍在等待打包：可以按原样重新提交，或修改后再提交。</Trans>
        </Notice>
      ) : null}

      {snapshot.matches('unsent') ? null : (
        <div className={submitArea}>
          <Button type="submit" disabled={!canSubmit} aria-describedby={hintId}>
            {submitting ? <Trans>正在提交…</Trans> : <Trans>提交打包申请</Trans>}
          </Button>
          <p id={hintId} className={submitNote}>
            {editable && chosen === 0 ? (
              <Trans>请至少选择一个订单。</Trans>
            ) : (
              <Trans>打包申请提交后不能取消。</Trans>
            )}
          </p>
        </div>
      )}
    </form>
  )
}

/** Why the request was refused, with the way to settle it where there is one. */
function RefusalNotice({ refusal }: { refusal: PackagingRefusal }) {
  const reason = refusal.kind === 'refused' ? refusal.reason : null
  const action =
    reason === 'unpaidFees' ? (
      <HrefLink className={textLink} href="/extra">
        <Trans>去支付额外费用</Trans>
      </HrefLink>
    ) : reason === 'noAddress' ? (
      <Link className={textLink} to="/address-manage">
        <Trans>管理收货地址</Trans>
      </Link>
    ) : undefined
  return (
    <Notice tone="error" title={<Trans>打包申请未能提交</Trans>} action={action}>
      {refusalText(refusal)}
    </Notice>
  )
}
