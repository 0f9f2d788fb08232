import * as v from 'valibot'
import {
  customerDisableBody,
  customerListQuery,
  customerPointsBody,
  customerPointsQuery,
  customerRoleBody,
} from '../../../src/domain/customer-ops.ts'
import {
  opsCustomerDetailAnswer,
  opsCustomerListItemAnswer,
  opsCustomerPageAnswer,
  opsPointsPageAnswer,
  opsPointsRowAnswer,
} from '../../answers/customers.ts'
import type { RouteContract } from '../contract.ts'

/* The customers room (backoffice §4): search, detail, price role, disabling, points. */

const CUSTOMER_PATH = '/ops/customers/:id{[0-9]+}'

const customersCall = {
  tag: 'ops-customers',
  access: 'operator',
  permission: 'customers',
} as const

export const listCustomers = {
  ...customersCall,
  method: 'get',
  path: '/ops/customers',
  summary:
    'Customers only (never operators), newest first. keyword: a part of the e-mail, nickname or telephone in any case, or a customer id exactly; role (1–6), disabled (true/false)',
  query: customerListQuery,
  returns: opsCustomerPageAnswer,
} satisfies RouteContract

export const customerDetail = {
  ...customersCall,
  method: 'get',
  path: CUSTOMER_PATH,
  summary:
    'One customer: profile, price role, tier, points with the ledger’s first 20 rows, the address book, orders per status and the newest 10, the last sign-in, and when and why the account was last disabled. 404 for an id that is not a customer’s',
  returns: opsCustomerDetailAnswer,
} satisfies RouteContract

export const customerPoints = {
  ...customersCall,
  method: 'get',
  path: `${CUSTOMER_PATH}/points`,
  summary:
    'A page of the customer’s points ledger, newest first, with each row’s balance after it and an adjustment’s note',
  query: customerPointsQuery,
  returns: opsPointsPageAnswer,
} satisfies RouteContract

export const changeCustomerRole = {
  ...customersCall,
  method: 'put',
  path: `${CUSTOMER_PATH}/role`,
  summary:
    'Sets the price role (1 CN batch, 2 CN single, 3 JP batch, 4 JP single, 5 EN batch, 6 EN single): the customer’s next call shows that column’s prices. 400 on role otherwise; 404 for an unknown id. Audited (customer.role) unless the role was already that',
  body: customerRoleBody,
  returns: opsCustomerListItemAnswer,
} satisfies RouteContract

export const disableCustomer = {
  ...customersCall,
  method: 'post',
  path: `${CUSTOMER_PATH}/disable`,
  summary:
    'Disables (disabled: true) or enables the account; reason is required and kept in the audit log (customer.disable / customer.enable). Disabling ends every session at once (each device’s next call answers 9005); enabling revives none of them. Asking for the state it is already in changes nothing',
  body: customerDisableBody,
  returns: opsCustomerListItemAnswer,
} satisfies RouteContract

export const adjustCustomerPoints = {
  ...customersCall,
  method: 'post',
  path: `${CUSTOMER_PATH}/points`,
  summary:
    'Adds (delta > 0) or takes (delta < 0) points, with a reason: a ledger row with reason adjust and the reason as its note. A change that would take the balance below 0 is a 409 on delta and writes nothing. Audited (customer.points). With an Idempotency-Key, a repeat of the same request (a retry after a lost answer, a double submit) answers the first result and adjusts nothing more',
  body: customerPointsBody,
  idempotent: true,
  returns: v.pipe(opsPointsRowAnswer, v.description('The ledger row written')),
} satisfies RouteContract

export const customerContracts: RouteContract[] = [
  listCustomers,
  customerDetail,
  customerPoints,
  changeCustomerRole,
  disableCustomer,
  adjustCustomerPoints,
]
