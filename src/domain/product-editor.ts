import * as v from 'valibot'
import { orRequired, payloadObject, rowId } from './fields.ts'
import { idValue } from './list-queries.ts'
import type { MediaImageDto } from './media.ts'
import { optionalQueryValue, type Page, pageQuery, wholeNumber } from './queries.ts'
import { ValidationMessage } from './validation-messages.ts'

/*
 * A product as operators edit it (backoffice §2): the console's editor, POST/PUT /api/ops/products
 * and the bulk import all check a product with these schemas, so a rule holds the same everywhere.
 * Prices are whole yen; a negative price is open to partners only (the shop shows "partners only").
 */

/** The phrases these schemas report (a 400 reads `${field}: ${message}`); the console translates each. */
export const ProductEditorMessage = {
  itemNo: 'must be 1–32 letters, digits or - _ . / without spaces',
  janCode: 'must be a 13-digit EAN-13 code with a correct check digit',
  boxBarcode: 'must be at most 32 letters or digits',
  name: 'must be at most 200 characters',
  productType: 'must be a product type from 1 to 9',
  price: 'must be a whole number of yen from −9,999,999 to 9,999,999, not 0 (negative = partners only)',
  quantity: 'must be a whole number from 1 to 10,000',
  stock: 'must be a whole number from 0 to 10,000,000',
  status: 'must be 1 (on sale) or 2 (off sale)',
  rank: 'must be a whole number from 1 to 9,999, or empty',
  weight: 'must be a whole number of grams from 1 to 100,000, or empty',
  instant: 'must be a date and time in ISO 8601 (2027-01-15T23:59:59+09:00)',
  preSellEndAfterSale: 'must not be after the sale date (pre-orders close before the goods go on sale)',
  description: 'must be at most 100,000 characters',
  images: 'must be a list of at most 20 uploaded picture ids',
  boolean: 'must be true or false',
  updatedAt: 'must be the updatedAt the product was read with',
} as const

export const PRICE_FIELDS = [
  'cnAlonePrice',
  'cnBatchPrice',
  'jpAlonePrice',
  'jpBatchPrice',
  'enAlonePrice',
  'enBatchPrice',
] as const
export type PriceField = (typeof PRICE_FIELDS)[number]

/**
 * Every field of a product's body (productFieldEntries has exactly these), in the one order the
 * editor's form and the bulk file's columns follow.
 */
export const PRODUCT_FIELDS = [
  'itemNo',
  'janCode',
  'boxBarcode',
  'productName',
  'jpProductName',
  'enProductName',
  'type',
  'categoryId',
  'seriesId',
  'brandId',
  'sellTime',
  'preSellEndTime',
  'releaseDate',
  ...PRICE_FIELDS,
  'isDiscount',
  'isFront',
  'boxIn',
  'orderBase',
  'stock',
  'status',
  'hotRank',
  'newRank',
  'recommendRank',
  'weightG',
  'description',
  'jpDescription',
  'enDescription',
  'images',
] as const
export type ProductBodyField = (typeof PRODUCT_FIELDS)[number]

/** PRODUCT_FIELDS but those left out, in the same order. */
export function productFieldsWithout<const X extends ProductBodyField>(
  leftOut: readonly X[],
): readonly Exclude<ProductBodyField, X>[] {
  const left = new Set<ProductBodyField>(leftOut)
  return PRODUCT_FIELDS.filter((field): field is Exclude<ProductBodyField, X> => !left.has(field))
}

export const MAX_PRICE_YEN = 9_999_999
export const MAX_PRODUCT_IMAGES = 20

/** Whether a 13-digit code's last digit is its EAN-13 check digit (weights 1, 3 alternating). */
export function isValidEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10 === Number(code[12])
}

const wholeNumberIn = (min: number, max: number, message: string) =>
  v.pipe(
    v.number(orRequired(message)),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  )

/** An optional whole number: null or left out is "none". */
const optionalWholeNumber = (min: number, max: number, message: string) =>
  v.nullish(
    v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message)),
    null,
  )

const optionalId = v.nullish(rowId(), null)

/** Optional text; blank is none (null). */
const optionalText = (max: number, message: string) =>
  v.pipe(
    v.nullish(v.string(ValidationMessage.text), null),
    v.transform((text) => (text === null || text.trim() === '' ? null : text.trim())),
    v.nullable(v.pipe(v.string(), v.maxLength(max, message))),
  )

const price = v.pipe(
  v.number(orRequired(ProductEditorMessage.price)),
  v.integer(ProductEditorMessage.price),
  v.minValue(-MAX_PRICE_YEN, ProductEditorMessage.price),
  v.maxValue(MAX_PRICE_YEN, ProductEditorMessage.price),
  v.check((yen) => yen !== 0, ProductEditorMessage.price),
)

// Dates and instants by regex and Date.parse rather than valibot's isoDate/isoTimestamp: valibot is
// one module in the shell's chunk, and whatever of it any page uses joins every first load.
const calendarDate = v.nullish(
  v.pipe(
    v.string(ValidationMessage.date),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, ValidationMessage.date),
    v.check(
      (day) =>
        !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
        new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
      ValidationMessage.date,
    ),
  ),
  null,
)

/** An instant as JSON writes it (`2026-11-29T05:01:00.000Z`) or with an offset. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/

const instant = v.nullish(
  v.pipe(
    v.string(ProductEditorMessage.instant),
    v.regex(ISO_INSTANT, ProductEditorMessage.instant),
    v.check((text) => !Number.isNaN(Date.parse(text)), ProductEditorMessage.instant),
  ),
  null,
)

const flag = v.optional(v.boolean(ProductEditorMessage.boolean), false)

/** The fields of a product as POST /api/ops/products takes them (and PUT, with updatedAt). */
export const productFieldEntries = {
  itemNo: v.pipe(
    v.string(orRequired(ProductEditorMessage.itemNo)),
    v.trim(),
    v.regex(/^[A-Za-z0-9\-_./]{1,32}$/, ProductEditorMessage.itemNo),
  ),
  janCode: v.pipe(
    v.nullish(v.string(ProductEditorMessage.janCode), null),
    v.transform((code) => (code === null || code.trim() === '' ? null : code.trim())),
    v.nullable(v.pipe(v.string(), v.check(isValidEan13, ProductEditorMessage.janCode))),
  ),
  boxBarcode: v.pipe(
    optionalText(32, ProductEditorMessage.boxBarcode),
    v.check((code) => code === null || /^[A-Za-z0-9]{1,32}$/.test(code), ProductEditorMessage.boxBarcode),
  ),
  productName: v.pipe(
    v.string(orRequired(ValidationMessage.text)),
    v.trim(),
    v.nonEmpty(ValidationMessage.required),
    v.maxLength(200, ProductEditorMessage.name),
  ),
  jpProductName: optionalText(200, ProductEditorMessage.name),
  enProductName: optionalText(200, ProductEditorMessage.name),
  type: wholeNumberIn(1, 9, ProductEditorMessage.productType),
  categoryId: optionalId,
  seriesId: optionalId,
  brandId: optionalId,
  /** The day the goods go on sale (ship from the maker), YYYY-MM-DD. */
  sellTime: calendarDate,
  /** When pre-orders close, an instant. */
  preSellEndTime: instant,
  releaseDate: calendarDate,
  cnAlonePrice: price,
  cnBatchPrice: price,
  jpAlonePrice: price,
  jpBatchPrice: price,
  enAlonePrice: price,
  enBatchPrice: price,
  isDiscount: flag,
  isFront: flag,
  boxIn: v.optional(wholeNumberIn(1, 10_000, ProductEditorMessage.quantity), 1),
  orderBase: v.optional(wholeNumberIn(1, 10_000, ProductEditorMessage.quantity), 1),
  stock: v.optional(wholeNumberIn(0, 10_000_000, ProductEditorMessage.stock), 0),
  status: v.optional(v.picklist([1, 2], ProductEditorMessage.status), 1),
  hotRank: optionalWholeNumber(1, 9_999, ProductEditorMessage.rank),
  newRank: optionalWholeNumber(1, 9_999, ProductEditorMessage.rank),
  recommendRank: optionalWholeNumber(1, 9_999, ProductEditorMessage.rank),
  weightG: optionalWholeNumber(1, 100_000, ProductEditorMessage.weight),
  description: optionalText(100_000, ProductEditorMessage.description),
  jpDescription: optionalText(100_000, ProductEditorMessage.description),
  enDescription: optionalText(100_000, ProductEditorMessage.description),
  images: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.number(ProductEditorMessage.images),
          v.integer(ProductEditorMessage.images),
          v.minValue(1, ProductEditorMessage.images),
        ),
        ProductEditorMessage.images,
      ),
      v.maxLength(MAX_PRODUCT_IMAGES, ProductEditorMessage.images),
    ),
    [],
  ),
} satisfies Record<ProductBodyField, v.GenericSchema>

/**
 * Pre-orders close on or before the sale date (Tokyo): a window closing after the goods are out
 * would take deposits for goods already on sale. Reported on preSellEndTime.
 */
export function preSellEndFitsSale(fields: {
  sellTime: string | null
  preSellEndTime: string | null
}): boolean {
  if (!fields.sellTime || !fields.preSellEndTime) return true
  // The end of the sale day in Tokyo (UTC+9, no daylight saving).
  const endOfSaleDay = Date.parse(`${fields.sellTime}T23:59:59.999+09:00`)
  return Date.parse(fields.preSellEndTime) <= endOfSaleDay
}

type SaleDates = Parameters<typeof preSellEndFitsSale>[0]

/**
 * The pre-order rule, reported on preSellEndTime. A partial check: it runs once the two dates are
 * valid, even when another field is not, so every message shows at once.
 */
const preSellEndRule = v.forward(
  v.partialCheck(
    [['sellTime'], ['preSellEndTime']],
    preSellEndFitsSale,
    ProductEditorMessage.preSellEndAfterSale,
  ),
  ['preSellEndTime'],
)

/**
 * The object with the pre-order rule. A check hands on its input unchanged, so the body keeps every
 * field's type; that is written out here, as valibot cannot check the paths on a generic object.
 */
type PassedOn<T> = v.GenericValidation<T, T, v.PartialCheckIssue<SaleDates>>
const withPreSellEndRule = <S extends v.GenericSchema<unknown, SaleDates>>(object: S) =>
  v.pipe<S, PassedOn<v.InferOutput<S>>>(object, preSellEndRule as unknown as PassedOn<v.InferOutput<S>>)

export const productBody = withPreSellEndRule(payloadObject(productFieldEntries))
export type ProductBody = v.InferOutput<typeof productBody>

/** PUT /api/ops/products/{id}: the fields and the `updatedAt` the editor read (optimistic concurrency). */
export const productUpdateBody = withPreSellEndRule(
  payloadObject({
    ...productFieldEntries,
    updatedAt: v.pipe(
      v.string(orRequired(ProductEditorMessage.updatedAt)),
      v.regex(ISO_INSTANT, ProductEditorMessage.updatedAt),
      v.check((text) => !Number.isNaN(Date.parse(text)), ProductEditorMessage.updatedAt),
    ),
  }),
)
export type ProductUpdateBody = v.InferOutput<typeof productUpdateBody>

/** A product as the console reads it: every field, its pictures and when it was last saved. */
export interface OpsProductDto extends Omit<ProductBody, 'images'> {
  id: number
  images: MediaImageDto[]
  /** Picture URLs that are not uploads (the demo's drawings, pictures from elsewhere); read-only. */
  imgList: string[]
  /** ISO instant of the last save: send it back with PUT. */
  updatedAt: string
  createTime: string
}

/** 409 of a PUT over a newer save: `data` carries the product as it now is. */
export interface ProductConflictData {
  current: OpsProductDto
}

/**
 * What the server reports when a product's field names something that does not exist, or an item
 * number another product already has (a 400 or 409 reading `${field}: ${message}`).
 */
export const ProductReferenceMessage = {
  categoryId: 'must be an existing category',
  seriesId: 'must be an existing series',
  brandId: 'must be an existing brand',
  images: 'must be pictures that were uploaded',
  itemNoTaken: 'is already the item number of another product',
  stale: 'someone else saved the product after it was read',
} as const

/** `{id}` of the console's product calls. */
export const productIdParams = v.object({ id: idValue })

/** The product list's keyword (also the export's): trimmed, at most 100 characters, blank is none. */
export const productKeywordQuery = optionalQueryValue(
  v.pipe(
    v.string(ValidationMessage.text),
    v.trim(),
    v.maxLength(100, ValidationMessage.atMost100),
    v.transform((keyword) => keyword || undefined),
  ),
)

/**
 * GET /api/ops/products: a page of every product (any status), newest first. `keyword` is an item
 * number (any case), a JAN code or a box barcode exactly, or a part of any of the three names; a
 * top-level category covers its children.
 */
export const opsProductListQuery = v.object({
  ...pageQuery.entries,
  keyword: productKeywordQuery,
  type: optionalQueryValue(wholeNumber(1, 9)),
  categoryId: optionalQueryValue(idValue),
  seriesId: optionalQueryValue(idValue),
  brandId: optionalQueryValue(idValue),
  status: optionalQueryValue(wholeNumber(1, 2)),
})
export type OpsProductListQuery = v.InferOutput<typeof opsProductListQuery>

/** The answer of GET /api/ops/products. */
export type OpsProductPage = Page<OpsProductDto>
