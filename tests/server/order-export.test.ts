import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import { orderLines, orders } from '../../server/db/schema.ts'
import { EXPORT_ROW_LIMIT } from '../../server/services/orders/order-export.ts'
import { shopDate } from '../../src/domain/dates.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow, signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

interface FixtureOrder {
  userId: number
  status: number
  createdAt: string
  parentId?: number
  paidAmount?: number
  lines?: {
    productId: number
    names: [string, string | null, string | null]
    unitPrice: number
    quantity: number
  }[]
}

/** Orders straight into the database, deposit half the goods (rounded up), no fees. */
async function insertOrders(db: Db, list: FixtureOrder[]): Promise<number[]> {
  const rows = await db
    .insert(orders)
    .values(
      list.map((order) => {
        const goods = (order.lines ?? []).reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
        const deposit = Math.ceil(goods / 2)
        const createdAt = new Date(order.createdAt)
        return {
          userId: order.userId,
          parentId: order.parentId ?? null,
          status: order.status,
          goods,
          platformFee: 0,
          settlementFee: 0,
          deposit,
          balance: goods - deposit,
          total: goods,
          paidAmount: order.paidAmount ?? 0,
          payDueAt: new Date(createdAt.getTime() + 30 * 60_000),
          createdAt,
          updatedAt: createdAt,
        }
      }),
    )
    .returning({ id: orders.id })
  const lines = list.flatMap((order, i) =>
    (order.lines ?? []).map((line) => {
      const goods = line.unitPrice * line.quantity
      const deposit = Math.ceil(goods / 2)
      return {
        orderId: rows[i]?.id ?? 0,
        productId: line.productId,
        productName: line.names[0],
        jpProductName: line.names[1],
        enProductName: line.names[2],
        barcode: '4900000000017',
        productType: 1,
        basePrice: line.unitPrice,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        goods,
        platformFee: 0,
        settlementFee: 0,
        deposit,
        balance: goods - deposit,
        total: goods,
      }
    }),
  )
  if (lines.length > 0) await db.insert(orderLines).values(lines)
  return rows.map((row) => row.id)
}

/** A small RFC 4180 reader: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      record.push(field)
      field = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i++
    } else field += ch
  }
  if (field !== '' || record.length > 0) throw new Error('the CSV does not end with CRLF')
  return records
}

async function sheetRows(response: Response): Promise<(string | number | null)[][]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(await response.arrayBuffer())
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('no sheet')
  const rows: (string | number | null)[][] = []
  sheet.eachRow((row) => {
    const values = (row.values as (string | number | null)[]).slice(1)
    rows.push(values)
  })
  return rows
}

const jst = (dateTime: string) => new Date(`${dateTime}+09:00`).toISOString()

describe.each(engines)('exporting the order list on %s', (engine) => {
  let t: TestApp
  let ada: string
  let ben: string
  let carl: string
  const ids: Partial<Record<'waitPay' | 'cancelled' | 'forfeited' | 'parent' | 'child' | 'bens', number>> = {}

  const exportOrders = (token: string, query: string, body: unknown) =>
    t.app.request(`/api/mall/order/export${query}`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    t = await createTestApp(engine)
    const [product] = await insertProducts(t.db, [productRow()])
    const productId = product?.id ?? 0
    const adaAccount = await signedInAccount(t, 'ada-export@example.com')
    const benAccount = await signedInAccount(t, 'ben-export@example.com')
    const carlAccount = await signedInAccount(t, 'carl-export@example.com')
    ada = adaAccount.token
    ben = benAccount.token
    carl = carlAccount.token
    const figure = {
      productId,
      names: ['初音未来 手办', '初音ミク フィギュア', 'Hatsune Miku figure'] as [string, string, string],
      unitPrice: 12_000,
      quantity: 2,
    }
    // A name with a comma and quotes, and one that a spreadsheet would run as a formula.
    const tricky = {
      productId,
      names: ['Figure "A", limited', null, null] as [string, null, null],
      unitPrice: 1000,
      quantity: 1,
    }
    const formula = {
      productId,
      names: ['=HYPERLINK("http://evil.test")', null, null] as [string, null, null],
      unitPrice: 500,
      quantity: 1,
    }
    const userId = adaAccount.userId
    ;[ids.waitPay, ids.cancelled, ids.forfeited, ids.parent] = await insertOrders(t.db, [
      { userId, status: 2, createdAt: jst('2026-04-01T09:30:00'), lines: [figure] },
      { userId, status: 1, createdAt: jst('2026-04-02T00:00:00'), lines: [formula, tricky] },
      { userId, status: 15, createdAt: jst('2026-04-03T23:59:00'), paidAmount: 6000, lines: [figure] },
      { userId, status: 0, createdAt: jst('2026-04-04T12:00:00'), paidAmount: 12_000, lines: [figure] },
    ])
    ;[ids.child] = await insertOrders(t.db, [
      {
        userId,
        status: 5,
        parentId: ids.parent,
        createdAt: jst('2026-04-05T12:00:00'),
        paidAmount: 12_000,
        lines: [figure],
      },
    ])
    ;[ids.bens] = await insertOrders(t.db, [
      { userId: benAccount.userId, status: 2, createdAt: jst('2026-04-02T12:00:00'), lines: [figure] },
    ])
    // One more than an export holds, for a shopper with a long history.
    await insertOrders(
      t.db,
      Array.from({ length: EXPORT_ROW_LIMIT + 1 }, (_, i) => ({
        userId: carlAccount.userId,
        status: 3,
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      })),
    )
  })

  afterAll(async () => {
    await t?.close()
  })

  it('exports every original order as XLSX with Chinese headers by default', async () => {
    const response = await exportOrders(ada, '', {})
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    const day = (shopDate(t.clock.now) ?? '').replaceAll('-', '')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="orders-${day}.xlsx"`)
    const [headers, ...rows] = await sheetRows(response)
    expect(headers).toEqual([
      '订单号',
      '状态',
      '下单时间',
      '商品金额',
      '定金',
      '尾款',
      '合计',
      '已付金额',
      '退款金额',
      '商品',
    ])
    expect(rows).toEqual([
      [
        ids.parent,
        '已拆分',
        '2026-04-04 12:00',
        24_000,
        12_000,
        12_000,
        24_000,
        12_000,
        0,
        '初音未来 手办 ×2 (4900000000017)',
      ],
      [
        ids.forfeited,
        '已取消（逾期没收）',
        '2026-04-03 23:59',
        24_000,
        12_000,
        12_000,
        24_000,
        6000,
        0,
        '初音未来 手办 ×2 (4900000000017)',
      ],
      [
        ids.cancelled,
        '已取消',
        '2026-04-02 00:00',
        1500,
        750,
        750,
        1500,
        0,
        0,
        // The sheet holds text as text: a string cell is never run as a formula.
        '=HYPERLINK("http://evil.test") ×1 (4900000000017)\nFigure "A", limited ×1 (4900000000017)',
      ],
      [
        ids.waitPay,
        '待付款',
        '2026-04-01 09:30',
        24_000,
        12_000,
        12_000,
        24_000,
        0,
        0,
        '初音未来 手办 ×2 (4900000000017)',
      ],
    ])
  })

  it('writes headers, status labels and product names in the request’s language', async () => {
    const ja = await sheetRows(await exportOrders(ada, '?language=ja', { orderId: ids.waitPay }))
    expect(ja).toEqual([
      [
        '注文番号',
        'ステータス',
        '注文日時',
        '商品代金',
        '手付金',
        '残金',
        '合計',
        '支払済み額',
        '返金額',
        '商品',
      ],
      [
        ids.waitPay,
        'お支払い待ち',
        '2026-04-01 09:30',
        24_000,
        12_000,
        12_000,
        24_000,
        0,
        0,
        '初音ミク フィギュア ×2 (4900000000017)',
      ],
    ])
    const en = await sheetRows(await exportOrders(ada, '?language=en&format=xlsx', { orderId: ids.waitPay }))
    expect(en[0]).toEqual([
      'Order number',
      'Status',
      'Created',
      'Goods',
      'Deposit',
      'Balance',
      'Total',
      'Paid',
      'Refund',
      'Products',
    ])
    expect(en[1]?.slice(1, 2)).toEqual(['Pending payment'])
    expect(en[1]?.at(-1)).toBe('Hatsune Miku figure ×2 (4900000000017)')
  })

  it('exports CSV in UTF-8 with a BOM, quoting what needs it and defusing formulas', async () => {
    const response = await exportOrders(ada, '?language=en&format=csv', { status: 1 })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{8}\.csv"$/)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    // "cancelled" (1) finds the forfeited order (15) too.
    expect(parseCsv(text)).toEqual([
      [
        'Order number',
        'Status',
        'Created',
        'Goods',
        'Deposit',
        'Balance',
        'Total',
        'Paid',
        'Refund',
        'Products',
      ],
      [
        String(ids.forfeited),
        'Cancelled (forfeited)',
        '2026-04-03 23:59',
        '24000',
        '12000',
        '12000',
        '24000',
        '6000',
        '0',
        'Hatsune Miku figure ×2 (4900000000017)',
      ],
      [
        String(ids.cancelled),
        'Cancelled',
        '2026-04-02 00:00',
        '1500',
        '750',
        '750',
        '1500',
        '0',
        '0',
        // A cell that a spreadsheet would run as a formula starts with ' instead.
        `'=HYPERLINK("http://evil.test") ×1 (4900000000017)\nFigure "A", limited ×1 (4900000000017)`,
      ],
    ])
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"") ×1 (4900000000017)\nFigure ""A"", limited ×1`)
  })

  it('exports the operable list when asked, within the dates (inclusive)', async () => {
    const operable = await sheetRows(await exportOrders(ada, '?language=en', { operable: true }))
    expect(operable.slice(1).map((row) => row[0])).toEqual([
      ids.child,
      ids.forfeited,
      ids.cancelled,
      ids.waitPay,
    ])
    const dated = await sheetRows(
      await exportOrders(ada, '?language=en', {
        startDate: '2026-04-02',
        endDate: '2026-04-03',
        operable: false,
      }),
    )
    expect(dated.slice(1).map((row) => row[0])).toEqual([ids.forfeited, ids.cancelled])
    const blankDates = await sheetRows(
      await exportOrders(ada, '', { startDate: '', endDate: null, status: null }),
    )
    expect(blankDates).toHaveLength(5)
  })

  it('only ever holds the caller’s orders', async () => {
    const bens = await sheetRows(await exportOrders(ben, '?language=en', {}))
    expect(bens.slice(1).map((row) => row[0])).toEqual([ids.bens])
    // Another shopper's order number is refused as one that does not exist is: 404, no file.
    for (const orderId of [ids.bens, 987_654_321]) {
      const refused = await exportOrders(ada, '?language=en', { orderId })
      expect(refused.status).toBe(404)
      expect(refused.headers.get('content-disposition')).toBeNull()
      expect(((await refused.json()) as { code: number; msg: string }).code).toBe(404)
    }
    // The shopper's own order number exports that order.
    const own = await sheetRows(await exportOrders(ben, '?language=en', { orderId: ids.bens }))
    expect(own.slice(1).map((row) => row[0])).toEqual([ids.bens])
  })

  it('holds every matching row, not one page, up to the limit', async () => {
    const response = await exportOrders(carl, '?format=csv', {})
    const records = parseCsv(new TextDecoder().decode(new Uint8Array(await response.arrayBuffer()).slice(3)))
    expect(records).toHaveLength(EXPORT_ROW_LIMIT + 1)
  })

  it('refuses a bad filter or format with 400 in the envelope, naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['', { status: 13 }, 'status: must be one of the order status codes'],
      ['', { status: 'x' }, 'status: must be one of the order status codes'],
      ['', { startDate: '2026-02-30' }, 'startDate: must be a real date written YYYY-MM-DD'],
      ['', { startDate: '2026-04-03', endDate: '2026-04-02' }, 'endDate: must not be before the start date'],
      ['', { operable: 'yes' }, 'operable: must be 0 or 1'],
      ['?format=pdf', {}, 'format: must be xlsx or csv'],
      ['?language=fr', {}, 'language: must be one of zhCn, ja, en'],
    ]
    for (const [query, body, msg] of cases) {
      const response = await exportOrders(ada, query, body)
      const envelope = (await response.json()) as Envelope<unknown>
      expect({ query, body, status: response.status, msg: envelope.msg }).toEqual({
        query,
        body,
        status: 400,
        msg,
      })
    }
  })

  it('is for signed-in customers only', async () => {
    const response = await t.app.request('/api/mall/order/export', { method: 'POST', body: '{}' })
    expect(response.status).toBe(401)
  })
})
