import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { SHOP_TIME_ZONE, shopDate } from '../../../src/domain/dates.ts'
import { type Language, nameIn } from '../../../src/domain/language.ts'
import type { LocalizedText } from '../../../src/domain/localized.ts'
import { ORDER_STATUS_INFO } from '../../../src/domain/order-status.ts'
import type { OrderDto, OrderLineDto } from '../../../src/domain/orders.ts'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'
import { toOrderDtos } from './order-dto.ts'
import {
  filterConditions,
  type OrderFilter,
  type OrderView,
  selectOrderRows,
  viewCondition,
} from './order-lists.ts'

/* POST /mall/order/export (flows §1): every row the list's filter shows, as XLSX or CSV. */

/** The most rows one export holds: a shopper's whole history fits, a runaway request does not. */
export const EXPORT_ROW_LIMIT = 5000

export type ExportFormat = 'xlsx' | 'csv'

export interface ExportFile {
  body: Uint8Array<ArrayBuffer>
  contentType: string
  filename: string
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
}

// Column headers are data in the three languages, like the domain's code labels: the server cannot
// run lingui, and the file is read outside the app.
const SHEET_NAME: LocalizedText = { zhCn: '订单', ja: '注文', en: 'Orders' }

interface Column {
  header: LocalizedText
  /** Characters wide in the sheet. */
  width: number
  /** Whole yen: a number cell with a thousands separator. */
  yen?: true
  value(order: OrderDto, language: Language): string | number
}

const COLUMNS: readonly Column[] = [
  { header: { zhCn: '订单号', ja: '注文番号', en: 'Order number' }, width: 12, value: (o) => o.id },
  {
    header: { zhCn: '状态', ja: 'ステータス', en: 'Status' },
    width: 18,
    value: (o, language) => ORDER_STATUS_INFO[o.status].label[language],
  },
  {
    header: { zhCn: '下单时间', ja: '注文日時', en: 'Created' },
    width: 18,
    value: (o) => shopDateTime(new Date(o.createTime)),
  },
  { header: { zhCn: '商品金额', ja: '商品代金', en: 'Goods' }, width: 12, yen: true, value: (o) => o.goods },
  { header: { zhCn: '定金', ja: '手付金', en: 'Deposit' }, width: 12, yen: true, value: (o) => o.deposit },
  { header: { zhCn: '尾款', ja: '残金', en: 'Balance' }, width: 12, yen: true, value: (o) => o.balance },
  { header: { zhCn: '合计', ja: '合計', en: 'Total' }, width: 12, yen: true, value: (o) => o.total },
  {
    header: { zhCn: '已付金额', ja: '支払済み額', en: 'Paid' },
    width: 12,
    yen: true,
    value: (o) => o.paidAmount,
  },
  {
    header: { zhCn: '退款金额', ja: '返金額', en: 'Refund' },
    width: 12,
    yen: true,
    value: (o) => o.refundAmount,
  },
  {
    header: { zhCn: '商品', ja: '商品', en: 'Products' },
    width: 60,
    value: (o, language) => o.lines.map((line) => productLine(line, language)).join('\n'),
  },
]

/** `名前 ×2 (4901234567890)`: the name in the file's language, the quantity and the barcode. */
function productLine(line: OrderLineDto, language: Language): string {
  const name = nameIn(language, {
    name: line.productName,
    jpName: line.jpProductName,
    enName: line.enProductName,
  })
  return `${name} ×${line.quantity} (${line.barcode})`
}

const timeOfDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** `2026-11-23 15:27` in shop time: the file is read away from the app, so times carry the shop's zone. */
function shopDateTime(instant: Date): string {
  return `${shopDate(instant)} ${timeOfDay.format(instant)}`
}

/** The caller's orders the filter shows, newest first, up to EXPORT_ROW_LIMIT. */
async function ordersToExport(
  db: Db,
  request: { userId: number; view: OrderView; filter: OrderFilter; at: Date },
): Promise<OrderDto[]> {
  const where = and(
    eq(orders.userId, request.userId),
    viewCondition(request.view),
    ...filterConditions(request.filter),
  )
  const rows = await selectOrderRows(db, where, { limit: EXPORT_ROW_LIMIT })
  return toOrderDtos(db, rows, request.at)
}

export async function exportOrders(
  db: Db,
  request: {
    userId: number
    view: OrderView
    filter: OrderFilter
    language: Language
    format: ExportFormat
    at: Date
  },
): Promise<ExportFile> {
  const { orderId } = request.filter
  // A filter naming an order that is not the caller's is refused as the order's own pages refuse it.
  if (orderId !== undefined && !(await isOwnOrder(db, request.userId, orderId))) throw notFound('Order')
  const rows = await ordersToExport(db, request)
  const body = request.format === 'csv' ? toCsv(rows, request.language) : await toXlsx(rows, request.language)
  const day = (shopDate(request.at) ?? '').replaceAll('-', '')
  return { body, contentType: CONTENT_TYPES[request.format], filename: `orders-${day}.${request.format}` }
}

async function isOwnOrder(db: Db, userId: number, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
  return row !== undefined
}

async function toXlsx(rows: readonly OrderDto[], language: Language): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(SHEET_NAME[language], { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = COLUMNS.map((column) => ({
    header: column.header[language],
    width: column.width,
    style: column.yen ? { numFmt: '#,##0' } : {},
  }))
  sheet.getRow(1).font = { bold: true }
  for (const order of rows) sheet.addRow(COLUMNS.map((column) => column.value(order, language)))
  // Products are one per line within their cell.
  sheet.getColumn(COLUMNS.length).alignment = { wrapText: true, vertical: 'top' }
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

/** UTF-8 BOM: Excel reads a CSV without it in the system's legacy code page and garbles CJK names. */
const BOM = '\uFEFF'

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break, quotes doubled. A
 * text starting with = + - @ (or a tab or CR) is prefixed with ' so a spreadsheet shows it as text
 * rather than running it as a formula (names come from outside the shopper's control).
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value)
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

function toCsv(rows: readonly OrderDto[], language: Language): Uint8Array<ArrayBuffer> {
  const records = [
    COLUMNS.map((column) => csvField(column.header[language])),
    ...rows.map((order) => COLUMNS.map((column) => csvField(column.value(order, language)))),
  ]
  const lines = records.map((fields) => `${fields.join(',')}\r\n`)
  return new TextEncoder().encode(BOM + lines.join(''))
}
