import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { Notice } from '../../../../components/ui/notice.tsx'
import type { OpsCustomerDetail } from '../../../../domain/customer-ops.ts'
import { formatYen } from '../../../../domain/price-display.ts'
import { ratePercentText } from '../../../../domain/tiers.ts'
import { useLanguage } from '../../../../lib/use-language.ts'
import { fullAddressIn, recipientNameIn } from '../../../addresses/address-text.ts'
import { OrderStatusBadge } from '../../../orders/components/status-badge.tsx'
import { type ActionOutcome, ActionOutcomeNotice } from '../../components/action-outcome.tsx'
import { DetailStates, detailPage, Fact, factList, titleRow } from '../../components/detail-page.tsx'
import { OpsTable } from '../../components/list-page.tsx'
import { amountCell, mutedText, pageTitle, section, sectionTitle } from '../../components/ops-table.ts'
import { shopDateTime } from '../../format.ts'
import { useLoaded } from '../../use-loaded.ts'
import { getCustomer } from '../api/get-customer.ts'
import { roleLabel } from '../customers-text.ts'
import { CustomerDisableDialog } from './customer-disable-dialog.tsx'
import { CustomerRoleForm } from './customer-role-form.tsx'
import { disabledTag } from './ops-customers-page.tsx'
import { PointsAdjustDialog } from './points-adjust-dialog.tsx'
import { PointsLedger } from './points-ledger.tsx'

const headRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '3' })
const list = css({ display: 'flex', flexDirection: 'column', gap: '2' })
const statusChips = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })
const card = css({ p: '3', bg: 'surface', border: '1px solid', borderColor: 'border', borderRadius: 'md' })

function CustomerNotFound() {
  return (
    <Notice
      tone="info"
      title={<Trans>找不到这个客户</Trans>}
      action={
        <Link to="/ops/customers">
          <Trans>返回客户列表</Trans>
        </Link>
      }
    >
      <Trans>请检查客户 ID 是否正确。</Trans>
    </Notice>
  )
}

/** /ops/customers/{id}: one customer as an operator needs them, with the room's three changes. */
export function OpsCustomerDetailPage({ id }: { id: string }) {
  // An id that cannot be a customer's reads as one that does not exist.
  const valid = /^\d{1,9}$/.test(id) && Number(id) >= 1
  const { loaded, reload } = useLoaded(id, () =>
    valid ? getCustomer(Number(id)) : Promise.reject(new Error('not a customer id')),
  )
  if (!valid) return <CustomerNotFound />
  return (
    <DetailStates loaded={loaded} onRetry={reload} notFound={<CustomerNotFound />}>
      {(customer, refreshing) => (
        <CustomerDetail customer={customer} refreshing={refreshing} onChanged={reload} />
      )}
    </DetailStates>
  )
}

type Dialog = 'disable' | 'points' | undefined

function CustomerDetail(props: { customer: OpsCustomerDetail; refreshing: boolean; onChanged: () => void }) {
  const { t } = useLingui()
  const language = useLanguage()
  const { customer } = props
  const [dialog, setDialog] = useState<Dialog>()
  const [outcome, setOutcome] = useState<ActionOutcome>()
  const done = (text: string) => {
    setOutcome({ tone: 'info', text })
    setDialog(undefined)
    props.onChanged()
  }
  const email = customer.email
  const rate = ratePercentText(customer.scoreRate)
  const { score, orderCount, scoreTime } = customer
  const disabledAt = shopDateTime(customer.lastDisable?.at)
  const disabledReason = customer.lastDisable?.reason ?? '—'

  return (
    <article className={detailPage} aria-labelledby="ops-customer-title" aria-busy={props.refreshing}>
      <Link to="/ops/customers" className={mutedText}>
        <Trans>← 返回客户列表</Trans>
      </Link>
      <div className={titleRow}>
        <h1 id="ops-customer-title" className={pageTitle}>
          {customer.nickname} · {customer.email}
        </h1>
        {customer.disabled ? (
          <span className={disabledTag}>
            <Trans>已禁用</Trans>
          </span>
        ) : null}
      </div>

      <ActionOutcomeNotice outcome={outcome} />

      <section className={section} aria-label={t`客户资料`}>
        <dl className={factList}>
          <Fact label={<Trans>客户 ID</Trans>}>{customer.id}</Fact>
          <Fact label={<Trans>邮箱</Trans>}>{customer.email}</Fact>
          <Fact label={<Trans>昵称</Trans>}>{customer.nickname}</Fact>
          <Fact label={<Trans>电话</Trans>}>{customer.telephone ?? '—'}</Fact>
          <Fact label={<Trans>头像</Trans>}>
            {customer.avatar ? (
              <img src={customer.avatar} alt={t`${email} 的头像`} width={48} height={48} />
            ) : (
              '—'
            )}
          </Fact>
          <Fact label={<Trans>注册时间</Trans>}>{shopDateTime(customer.createTime)}</Fact>
          <Fact label={<Trans>最近登录</Trans>}>{shopDateTime(customer.lastSignIn)}</Fact>
          <Fact label={<Trans>最近活动</Trans>}>{shopDateTime(customer.lastSeen)}</Fact>
          <Fact label={<Trans>价格角色</Trans>}>{roleLabel(customer.role)}</Fact>
          <Fact label={<Trans>会员等级</Trans>}>{customer.tier ?? '—'}</Fact>
          <Fact label={<Trans>积分比例</Trans>}>
            {rate}
            {scoreTime ? (
              <div className={mutedText}>
                <Trans>有效至 {scoreTime}</Trans>
              </div>
            ) : null}
          </Fact>
          <Fact label={<Trans>账号状态</Trans>}>
            {customer.disabled ? <Trans>已禁用</Trans> : <Trans>正常</Trans>}
          </Fact>
        </dl>
      </section>

      <section className={section} aria-labelledby="ops-customer-role">
        <h2 id="ops-customer-role" className={sectionTitle}>
          <Trans>价格角色</Trans>
        </h2>
        <CustomerRoleForm
          key={`${customer.id}:${customer.role}`}
          customer={customer}
          onSaved={(changed) => {
            const label = roleLabel(changed.role)
            done(t`已将价格角色改为 ${label}，客户下一次访问即看到该列价格。`)
          }}
          onFailed={(text) => setOutcome({ tone: 'error', text })}
        />
      </section>

      <section className={section} aria-labelledby="ops-customer-state">
        <h2 id="ops-customer-state" className={sectionTitle}>
          <Trans>账号状态</Trans>
        </h2>
        <div className={headRow}>
          <span>
            {customer.disabled ? (
              <span className={disabledTag}>
                <Trans>已禁用</Trans>
              </span>
            ) : (
              <Trans>正常</Trans>
            )}
          </span>
          <Button
            variant={customer.disabled ? 'primary' : 'secondary'}
            onClick={() => {
              setOutcome(undefined)
              setDialog('disable')
            }}
          >
            {customer.disabled ? <Trans>恢复账号…</Trans> : <Trans>禁用账号…</Trans>}
          </Button>
        </div>
        {customer.lastDisable ? (
          <p className={mutedText}>
            <Trans>
              最近一次禁用：{disabledAt}，原因：{disabledReason}
            </Trans>
          </p>
        ) : null}
      </section>

      <section className={section} aria-labelledby="ops-customer-points">
        <div className={headRow}>
          <h2 id="ops-customer-points" className={sectionTitle}>
            <Trans>积分：{score}</Trans>
          </h2>
          <Button
            variant="secondary"
            onClick={() => {
              setOutcome(undefined)
              setDialog('points')
            }}
          >
            <Trans>调整积分…</Trans>
          </Button>
        </div>
        <PointsLedger key={customer.points.total} customerId={customer.id} first={customer.points} />
      </section>

      <section className={section} aria-labelledby="ops-customer-orders">
        <h2 id="ops-customer-orders" className={sectionTitle}>
          <Trans>订单（共 {orderCount} 个）</Trans>
        </h2>
        {orderCount === 0 ? (
          <p className={mutedText}>
            <Trans>还没有订单。</Trans>
          </p>
        ) : (
          <>
            <ul className={statusChips} aria-label={t`各状态订单数`}>
              {customer.orderCounts.map((entry) => (
                <li key={entry.status}>
                  <OrderStatusBadge status={entry.status} /> × {entry.count}
                </li>
              ))}
            </ul>
            <OpsTable
              label={t`最近的订单`}
              columns={[t`订单号`, t`状态`, { label: t`合计`, amount: true }, t`下单时间`]}
            >
              {customer.recentOrders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to="/ops/orders/$id" params={{ id: String(order.id) }}>
                      {order.id}
                    </Link>
                  </td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className={amountCell}>{formatYen(order.total, language)}</td>
                  <td>{shopDateTime(order.createTime)}</td>
                </tr>
              ))}
            </OpsTable>
          </>
        )}
      </section>

      <section className={section} aria-labelledby="ops-customer-addresses">
        <h2 id="ops-customer-addresses" className={sectionTitle}>
          <Trans>收货地址</Trans>
        </h2>
        {customer.addresses.length === 0 ? (
          <p className={mutedText}>
            <Trans>还没有地址。</Trans>
          </p>
        ) : (
          <ul className={list}>
            {customer.addresses.map((address) => (
              <li key={address.id} className={card}>
                {recipientNameIn(language, address)} · {address.telephone}
                {address.acquiescent === 1 ? (
                  <span className={mutedText}>
                    {' '}
                    <Trans>（默认）</Trans>
                  </span>
                ) : null}
                <br />
                {fullAddressIn(language, address)} {address.postCode ? `(${address.postCode})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      {dialog === 'disable' ? (
        <CustomerDisableDialog
          customer={customer}
          onDone={(changed) =>
            done(
              changed.disabled
                ? t`已禁用 ${email}，其所有登录已失效。`
                : t`已恢复 ${email}，客户可以重新登录。`,
            )
          }
          onCancel={() => setDialog(undefined)}
        />
      ) : null}
      {dialog === 'points' ? (
        <PointsAdjustDialog
          customer={customer}
          onDone={(row) => {
            const balance = row.balance
            done(t`已调整积分，当前积分 ${balance}。`)
          }}
          onCancel={() => setDialog(undefined)}
        />
      ) : null}
    </article>
  )
}
