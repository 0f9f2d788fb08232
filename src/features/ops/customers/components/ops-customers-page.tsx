import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import { css } from '../../../../../styled-system/css'
import { Notice } from '../../../../components/ui/notice.tsx'
import type { OpsCustomerListItem } from '../../../../domain/customer-ops.ts'
import { ListHeader, ListStates, OpsTable, useSearchList } from '../../components/list-page.tsx'
import { amountCell, listPage } from '../../components/ops-table.ts'
import { PageButtons } from '../../components/page-buttons.tsx'
import { shopDateTime } from '../../format.ts'
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
  const { loaded, reload, searchOfPage } = useSearchList(search, OPS_CUSTOMERS_PAGE_SIZE, listCustomers)
  const open = (customer: OpsCustomerListItem) =>
    void navigate({ to: '/ops/customers/$id', params: { id: String(customer.id) } })
  const columns = [
    'ID',
    t`邮箱`,
    t`昵称`,
    t`价格角色`,
    t`会员等级`,
    { label: t`积分`, amount: true },
    { label: t`订单数`, amount: true },
    t`状态`,
    t`注册时间`,
  ] as const

  return (
    <section className={listPage} aria-labelledby={`${id}-title`}>
      <ListHeader
        titleId={`${id}-title`}
        title={<Trans>客户</Trans>}
        count={loaded.state === 'ready' ? <Trans>共 {loaded.data.total} 位客户</Trans> : null}
      />

      {/* Keyed by the keyword, so back and forward put the address's keyword back in the box. */}
      <CustomerListFilters
        key={search.keyword ?? ''}
        search={search}
        onFilter={(next) => props.onSearch(next)}
      />

      <ListStates
        loaded={loaded}
        onRetry={reload}
        empty={<Notice tone="info" title={<Trans>没有符合条件的客户</Trans>} />}
      >
        {(page, refreshing) => (
          <>
            <OpsTable label={t`客户列表`} busy={refreshing} columns={columns}>
              {page.list.map((customer) => {
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
            </OpsTable>
            <PageButtons page={page} onPage={(next) => props.onSearch(searchOfPage(next))} />
          </>
        )}
      </ListStates>
    </section>
  )
}
