import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import { css } from '../../../../../styled-system/css'
import { Notice } from '../../../../components/ui/notice.tsx'
import type { OpsCustomerListItem } from '../../../../domain/customer-ops.ts'
import { LoadFailure, LoadingBlock } from '../../components/load-state.tsx'
import {
  amountCell,
  listHeader,
  listPage,
  mutedText,
  pageTitle,
  table,
  tableScroll,
} from '../../components/ops-table.ts'
import { PageButtons } from '../../components/page-buttons.tsx'
import { shopDateTime } from '../../format.ts'
import { useLoaded } from '../../use-loaded.ts'
import { listCustomers } from '../api/list-customers.ts'
import type { OpsCustomersSearch } from '../customers-search.ts'
import { roleLabel } from '../customers-text.ts'
import { CustomerListFilters } from './customer-list-filters.tsx'

export const OPS_CUSTOMERS_PAGE_SIZE = 30

const rowLink = css({ cursor: 'pointer' })
const emailLink = css({
  fontWeight: 'medium',
  color: 'primary',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
export const disabledTag = css({ color: 'red.700', fontWeight: 'semibold' })

function CustomerCount({ total }: { total: number }) {
  return (
    <span className={mutedText}>
      <Trans>共 {total} 位客户</Trans>
    </span>
  )
}

/**
 * /ops/customers: the shop's customers (never operators) by keyword (e-mail, nickname, telephone or
 * id), price role and state, a page at a time; a row opens the customer.
 */
export function OpsCustomersPage(props: {
  search: OpsCustomersSearch
  onSearch: (next: OpsCustomersSearch) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const navigate = useNavigate()
  const { search } = props
  const { pageNum, ...filter } = search
  const query = { ...filter, pageNum: pageNum ?? 1, pageSize: OPS_CUSTOMERS_PAGE_SIZE }
  const { loaded, reload } = useLoaded(JSON.stringify(query), () => listCustomers(query))
  const open = (customer: OpsCustomerListItem) =>
    void navigate({ to: '/ops/customers/$id', params: { id: String(customer.id) } })

  return (
    <section className={listPage} aria-labelledby={`${id}-title`}>
      <div className={listHeader}>
        <h1 id={`${id}-title`} className={pageTitle}>
          <Trans>客户</Trans>
        </h1>
        {loaded.state === 'ready' ? <CustomerCount total={loaded.data.total} /> : null}
      </div>

      {/* Keyed by the keyword, so back and forward put the address's keyword back in the box. */}
      <CustomerListFilters
        key={search.keyword ?? ''}
        search={search}
        onFilter={(next) => props.onSearch(next)}
      />

      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' && loaded.data.list.length === 0 ? (
        <Notice tone="info" title={<Trans>没有符合条件的客户</Trans>} />
      ) : null}
      {loaded.state === 'ready' && loaded.data.list.length > 0 ? (
        <>
          <div className={tableScroll}>
            <table className={table} aria-label={t`客户列表`} aria-busy={loaded.refreshing}>
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">
                    <Trans>邮箱</Trans>
                  </th>
                  <th scope="col">
                    <Trans>昵称</Trans>
                  </th>
                  <th scope="col">
                    <Trans>价格角色</Trans>
                  </th>
                  <th scope="col">
                    <Trans>会员等级</Trans>
                  </th>
                  <th scope="col" className={amountCell}>
                    <Trans>积分</Trans>
                  </th>
                  <th scope="col" className={amountCell}>
                    <Trans>订单数</Trans>
                  </th>
                  <th scope="col">
                    <Trans>状态</Trans>
                  </th>
                  <th scope="col">
                    <Trans>注册时间</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaded.data.list.map((customer) => {
                  const email = customer.email
                  return (
                    // The e-mail is the row's link (Tab, Enter); a click anywhere on the row opens it too.
                    <tr key={customer.id} className={rowLink} onClick={() => open(customer)}>
                      <td>{customer.id}</td>
                      <td>
                        <Link
                          to="/ops/customers/$id"
                          params={{ id: String(customer.id) }}
                          className={emailLink}
                          aria-label={t`查看客户 ${email}`}
                          onClick={(event) => event.stopPropagation()}
                        >
                          {email}
                        </Link>
                      </td>
                      <td>{customer.nickname}</td>
                      <td>{roleLabel(customer.role)}</td>
                      <td>{customer.tier ?? '—'}</td>
                      <td className={amountCell}>{customer.score}</td>
                      <td className={amountCell}>{customer.orderCount}</td>
                      <td>
                        {customer.disabled ? (
                          <span className={disabledTag}>
                            <Trans>已禁用</Trans>
                          </span>
                        ) : (
                          <Trans>正常</Trans>
                        )}
                      </td>
                      <td>{shopDateTime(customer.createTime)}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          <PageButtons
            page={loaded.data}
            onPage={(next) => props.onSearch({ ...search, pageNum: next > 1 ? next : undefined })}
          />
        </>
      ) : null}
    </section>
  )
}
