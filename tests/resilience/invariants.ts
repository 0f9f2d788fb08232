import type { Db } from '../../server/db/client.ts'

/**
 * The shop's money and stock invariants as SQL checks, in one place: the crash, fuzz, ownership and
 * webhook-storm suites all run them after they are done with a database. Each check names what a
 * broken row means; `violations` lists the rows that break it (empty when it holds).
 *
 * The checks are plain SQL text run through `db.execute`, so they read the same on PGlite and
 * node-postgres (both answer `{ rows }`) and this file needs no query builder (the import rules keep
 * drizzle-orm to server/ and tests/server/). Every figure is cast to int in SQL: node-postgres would
 * answer a bigint as a string.
 */
export interface InvariantResult {
  name: string
  violations: unknown[]
}

/** Every check's result; `checked` counts the checks run. */
export interface InvariantReport {
  checked: number
  broken: InvariantResult[]
}

export interface InvariantOptions {
  /**
   * Each product's stock before any order of the run (product id → units). Given, every product named
   * must still account for all of it: its stock now plus the units the lines of its orders hold.
   */
  startingStock?: ReadonlyMap<number, number>
}

interface Check {
  name: string
  sql: string
}

/** Payment status codes (src/domain/payment-status.ts): 1 waitPay, 2 pay, 3 refund, 4 cancel. */
const SETTLED = '(2, 3)'

/**
 * What an order's own payments brought in, as `paid_amount` counts it: each settled (2) or refunded (3)
 * deposit or balance payment targeting it, yen + points less the late fee the payment carried for the
 * late-fee record. Money that arrived after the order had closed is kept on the payment for the
 * operator to refund and never reaches the order (settle.ts): a deposit of an order in 1 cancel1, a
 * balance of an order in 15 cancel2, and a payment still 2 on an order refunded (12) whose other
 * payments went to 3.
 */
const COUNTED_PAYMENTS = `
  select o.id as order_id,
         coalesce(sum(p.amount + p.points_used - p.late_fee), 0)::int as counted,
         coalesce(sum(p.amount) filter (where p.status = 3), 0)::int as refunded
  from orders o
  join payments p
    on p.target @> to_jsonb(o.id)
   and jsonb_typeof(p.target) = 'array'
   and p.purpose in ('deposit', 'balance')
   and p.status in ${SETTLED}
   and not (o.status = 1)
   and not (p.purpose = 'balance' and o.status = 15)
   and not (o.status = 12 and p.status = 2)
  group by o.id`

const CHECKS: Check[] = [
  // ── payments: settled once ─────────────────────────────────────────────────────────────────────
  {
    name: 'a target was paid twice: two settled or refunded payments of one purpose name the same order, package or extra fee',
    sql: `
      select p.purpose, t.target_id::int as target_id, array_agg(p.id order by p.id) as payment_ids
      from payments p cross join lateral jsonb_array_elements_text(p.target) as t(target_id)
      where p.status in ${SETTLED}
      group by p.purpose, t.target_id
      having count(*) > 1`,
  },
  {
    name: 'an extra fee was paid twice: a settled extra-fee payment names it while another settled payment (a balance carrying its late fee) paid it',
    sql: `
      select f.id as fee_id, f.payment_id as paid_by, p.id as also_paid_by
      from extra_fees f
      join payments p
        on p.purpose = 'extra' and p.status in ${SETTLED} and jsonb_typeof(p.target) = 'array'
       and p.target @> to_jsonb(f.id)
      join payments other on other.id = f.payment_id and other.status in ${SETTLED}
      where f.payment_id <> p.id`,
  },
  {
    name: 'a webhook event is recorded twice: (gateway, event id) is not unique, so a replay could apply twice',
    sql: `
      select gateway, event_id, count(*)::int as copies
      from webhook_events group by gateway, event_id having count(*) > 1`,
  },
  {
    name: 'a webhook event names a payment that does not exist or that another gateway takes',
    sql: `
      select w.gateway, w.event_id, w.payment_id, p.gateway as payment_gateway
      from webhook_events w left join payments p on p.id = w.payment_id
      where w.payment_id is null or p.id is null or p.gateway <> w.gateway`,
  },
  {
    name: 'a payment status disagrees with its times: settled without settled_at, refunded without refunded_at, or open/cancelled with settled_at',
    sql: `
      select id, status, settled_at, refunded_at from payments
      where (status in ${SETTLED} and settled_at is null)
         or (status = 3 and refunded_at is null)
         or (status in (1, 4) and (settled_at is not null or refunded_at is not null))`,
  },
  // ── orders: money ──────────────────────────────────────────────────────────────────────────────
  {
    name: 'an order paid_amount differs from what its settled payments brought in (an effect applied twice, lost, or without its payment)',
    sql: `
      select o.id as order_id, o.status, o.paid_amount, coalesce(c.counted, 0) as from_payments
      from orders o left join (${COUNTED_PAYMENTS}) c on c.order_id = o.id
      where o.parent_id is null and o.paid_amount <> coalesce(c.counted, 0)`,
  },
  {
    name: 'a split order family lost or made money: its live children were credited other than what the family’s payments brought in',
    sql: `
      with family as (
        select coalesce(o.parent_id, o.id) as root_id, o.id, o.status, o.paid_amount, o.parent_id
        from orders o
        where o.parent_id is not null or exists (select 1 from orders c where c.parent_id = o.id)
      )
      select f.root_id,
             coalesce(sum(f.paid_amount) filter (where f.parent_id is not null and f.status <> 0), 0)::int as children_paid,
             coalesce(sum(c.counted), 0)::int as from_payments
      from family f left join (${COUNTED_PAYMENTS}) c on c.order_id = f.id
      group by f.root_id
      having coalesce(sum(f.paid_amount) filter (where f.parent_id is not null and f.status <> 0), 0)
          <> coalesce(sum(c.counted), 0)`,
  },
  {
    name: 'an order refund_amount differs from the yen of its refunded payments',
    sql: `
      select o.id as order_id, o.status, o.refund_amount, coalesce(c.refunded, 0) as refunded_payments
      from orders o left join (${COUNTED_PAYMENTS}) c on c.order_id = o.id
      where o.refund_amount <> coalesce(c.refunded, 0)`,
  },
  {
    name: 'an order has no lines',
    sql: `
      select o.id as order_id, o.status from orders o
      where not exists (select 1 from order_lines l where l.order_id = o.id)`,
  },
  {
    name: 'an order amounts are not the sums of its lines (goods, fees, deposit, balance, total)',
    sql: `
      select o.id as order_id, o.goods, o.platform_fee, o.settlement_fee, o.deposit, o.balance, o.total,
             s.goods as lines_goods, s.platform_fee as lines_platform_fee, s.settlement_fee as lines_settlement_fee,
             s.deposit as lines_deposit, s.balance as lines_balance, s.total as lines_total
      from orders o join (
        select order_id, sum(goods)::int as goods, sum(platform_fee)::int as platform_fee,
               sum(settlement_fee)::int as settlement_fee, sum(deposit)::int as deposit,
               sum(balance)::int as balance, sum(total)::int as total
        from order_lines group by order_id
      ) s on s.order_id = o.id
      where (o.goods, o.platform_fee, o.settlement_fee, o.deposit, o.balance, o.total)
         <> (s.goods, s.platform_fee, s.settlement_fee, s.deposit, s.balance, s.total)`,
  },
  // ── stock ──────────────────────────────────────────────────────────────────────────────────────
  {
    name: 'an order line holds stock outside 0…its quantity',
    sql: `
      select id as line_id, order_id, product_id, quantity, stock_reserved from order_lines
      where stock_reserved < 0 or stock_reserved > quantity`,
  },
  {
    name: 'a cancelled (1) order still holds stock: the units were never given back',
    sql: `
      select l.id as line_id, l.order_id, l.product_id, l.stock_reserved
      from order_lines l join orders o on o.id = l.order_id
      where o.status = 1 and l.stock_reserved <> 0`,
  },
  {
    name: 'a line of an in-stock type (2, 7) of a live order holds other than its quantity: stock was not taken, or given back while the order lives',
    sql: `
      select l.id as line_id, l.order_id, o.status, l.product_id, l.quantity, l.stock_reserved
      from order_lines l join orders o on o.id = l.order_id
      where l.product_type in (2, 7) and o.status <> 1 and l.stock_reserved <> l.quantity`,
  },
  // ── points ─────────────────────────────────────────────────────────────────────────────────────
  {
    name: 'a user points balance differs from the sum of their points ledger',
    sql: `
      select u.id as user_id, u.score, coalesce(l.total, 0) as ledger_total
      from users u left join (
        select user_id, sum(delta)::int as total from points_ledger group by user_id
      ) l on l.user_id = u.id
      where u.score <> coalesce(l.total, 0)`,
  },
  {
    name: 'a points ledger row balance_after is not the running sum of the user’s deltas up to it',
    sql: `
      select id as ledger_id, user_id, delta, balance_after, running from (
        select id, user_id, delta, balance_after,
               (sum(delta) over (partition by user_id order by id))::int as running
        from points_ledger
      ) r
      where balance_after <> running`,
  },
  // ── orphans (columns without a foreign key) ───────────────────────────────────────────────────
  {
    name: 'a payment has no target: its target is not a non-empty array of ids',
    sql: `
      select id, purpose, target from payments
      where jsonb_typeof(target) <> 'array' or jsonb_array_length(target) = 0`,
  },
  {
    name: 'a payment targets an order, package or extra fee that does not exist',
    sql: `
      select p.id as payment_id, p.purpose, t.target_id
      from payments p cross join lateral jsonb_array_elements_text(p.target) as t(target_id)
      where jsonb_typeof(p.target) = 'array' and not case p.purpose
        when 'shipping' then exists (select 1 from packages k where k.id::text = t.target_id)
        when 'extra' then exists (select 1 from extra_fees f where f.id::text = t.target_id)
        else exists (select 1 from orders o where o.id::text = t.target_id)
      end`,
  },
  {
    name: 'a points ledger row names a payment that does not exist',
    sql: `
      select l.id as ledger_id, l.user_id, l.payment_id from points_ledger l
      where l.payment_id is not null and not exists (select 1 from payments p where p.id = l.payment_id)`,
  },
  {
    name: 'an extra fee names a payment or a related order that does not exist',
    sql: `
      select f.id as fee_id, f.payment_id, f.order_ids from extra_fees f
      where (f.payment_id is not null and not exists (select 1 from payments p where p.id = f.payment_id))
         or exists (
           select 1 from jsonb_array_elements_text(case when jsonb_typeof(f.order_ids) = 'array' then f.order_ids else '[]'::jsonb end) as r(order_id)
           where not exists (select 1 from orders o where o.id::text = r.order_id))`,
  },
  {
    name: 'an extra fee is marked paid (2) by a payment that is not settled',
    sql: `
      select f.id as fee_id, f.payment_id, p.status as payment_status from extra_fees f
      join payments p on p.id = f.payment_id
      where f.status = 2 and p.status not in ${SETTLED}`,
  },
  {
    name: 'a package names a shipping payment that does not exist',
    sql: `
      select k.id as package_id, k.payment_id from packages k
      where k.payment_id is not null and not exists (select 1 from payments p where p.id = k.payment_id)`,
  },
]

/** What a query answers on PGlite and node-postgres alike. */
interface Rows {
  rows: Record<string, unknown>[]
}

async function rowsOf(db: Db, text: string): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(text)) as unknown as Rows
  return result.rows
}

/**
 * Stock before the run, per product named in `startingStock`: stock now + the units held by lines of
 * orders that are not split parents (a split copies its lines, stock and all, to the children).
 */
async function stockCheck(db: Db, startingStock: ReadonlyMap<number, number>): Promise<InvariantResult> {
  const rows = await rowsOf(
    db,
    `select p.id, p.stock, coalesce(h.held, 0)::int as held
     from products p left join (
       select l.product_id, sum(l.stock_reserved)::int as held
       from order_lines l join orders o on o.id = l.order_id
       where o.status <> 0
       group by l.product_id
     ) h on h.product_id = p.id`,
  )
  const now = new Map(
    rows.map((row) => [Number(row.id), { stock: Number(row.stock), held: Number(row.held) }]),
  )
  const violations: unknown[] = []
  for (const [productId, starting] of startingStock) {
    const found = now.get(productId)
    if (!found) {
      violations.push({ productId, startingStock: starting, missing: true })
    } else if (found.stock + found.held !== starting) {
      violations.push({ productId, startingStock: starting, stock: found.stock, heldByOrders: found.held })
    }
  }
  return {
    name: 'a product stock plus the units its orders hold is not its starting stock (units lost or sold twice)',
    violations,
  }
}

/** Runs every invariant against `db`. */
export async function checkInvariants(db: Db, options: InvariantOptions = {}): Promise<InvariantReport> {
  const results: InvariantResult[] = []
  for (const check of CHECKS) {
    results.push({ name: check.name, violations: await rowsOf(db, check.sql) })
  }
  if (options.startingStock) results.push(await stockCheck(db, options.startingStock))
  return { checked: results.length, broken: results.filter((result) => result.violations.length > 0) }
}

/** One line per broken invariant with its first rows, for an assertion's message. */
export function describeBroken(report: InvariantReport): string {
  return report.broken
    .map((result) => `${result.name}: ${JSON.stringify(result.violations.slice(0, 5))}`)
    .join('\n')
}
