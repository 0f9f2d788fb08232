import * as v from 'valibot'
import type { MediaImageDto } from '../../../domain/media.ts'
import {
  type OpsProductDto,
  PRICE_FIELDS,
  type PriceField,
  type ProductBody,
  productBody,
  productFieldsWithout,
} from '../../../domain/product-editor.ts'
import { instantOfTokyoLocal, tokyoLocalOf } from '../format.ts'

/*
 * The editor's form state: what the inputs hold (text, as typed), turned into a request body and
 * checked with the same schema the server uses, so a message reads the same on both sides.
 */

/** The fields typed as text: all but the prices, the two flags and the pictures, which have inputs of their own. */
const TEXT_FIELDS = productFieldsWithout([...PRICE_FIELDS, 'isDiscount', 'isFront', 'images'])
export type DraftTextField = (typeof TEXT_FIELDS)[number]

export interface ProductDraft {
  /** Every text input as typed; `preSellEndTime` is a datetime-local value in Tokyo time. */
  text: Record<DraftTextField, string>
  /** The price inputs hold the amount; `partnersOnly` says whether it is saved negative. */
  prices: Record<PriceField, string>
  partnersOnly: Record<PriceField, boolean>
  isDiscount: boolean
  isFront: boolean
  /** Uploaded pictures in order; the first is the cover. */
  images: MediaImageDto[]
}

/** A field of the body a message can be shown next to. */
export type ProductField = keyof ProductBody

const allPrices = <T>(value: (field: PriceField) => T) =>
  Object.fromEntries(PRICE_FIELDS.map((field) => [field, value(field)])) as Record<PriceField, T>

const textOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value)

export function emptyDraft(): ProductDraft {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<DraftTextField, string>
  return {
    text: { ...text, type: '1', boxIn: '1', orderBase: '1', stock: '0', status: '1' },
    prices: allPrices(() => ''),
    partnersOnly: allPrices(() => false),
    isDiscount: false,
    isFront: false,
    images: [],
  }
}

export function draftOf(product: OpsProductDto): ProductDraft {
  const text = {} as Record<DraftTextField, string>
  for (const field of TEXT_FIELDS) text[field] = textOf(product[field])
  text.preSellEndTime = tokyoLocalOf(product.preSellEndTime)
  return {
    text,
    prices: allPrices((field) => textOf(Math.abs(product[field]))),
    partnersOnly: allPrices((field) => product[field] < 0),
    isDiscount: product.isDiscount,
    isFront: product.isFront,
    images: product.images,
  }
}

/** Text as a number for the schema: blank is `blank`, anything else its number (NaN fails the schema). */
function numberOf<B extends null | undefined>(text: string, blank: B): number | B {
  const trimmed = text.trim().replaceAll(',', '')
  if (trimmed === '') return blank
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/** The body the draft stands for, before checking (numbers parsed, the partner-only sign applied). */
export function bodyInputOf(draft: ProductDraft): Record<string, unknown> {
  const { text } = draft
  const prices = allPrices((field) => {
    const amount = numberOf(draft.prices[field], undefined)
    return amount !== undefined && draft.partnersOnly[field] ? -Math.abs(amount) : amount
  })
  return {
    itemNo: text.itemNo,
    janCode: text.janCode,
    boxBarcode: text.boxBarcode,
    productName: text.productName,
    jpProductName: text.jpProductName,
    enProductName: text.enProductName,
    type: numberOf(text.type, undefined),
    categoryId: numberOf(text.categoryId, null),
    seriesId: numberOf(text.seriesId, null),
    brandId: numberOf(text.brandId, null),
    sellTime: text.sellTime.trim() || null,
    preSellEndTime: instantOfTokyoLocal(text.preSellEndTime),
    releaseDate: text.releaseDate.trim() || null,
    ...prices,
    isDiscount: draft.isDiscount,
    isFront: draft.isFront,
    boxIn: numberOf(text.boxIn, undefined),
    orderBase: numberOf(text.orderBase, undefined),
    stock: numberOf(text.stock, undefined),
    status: numberOf(text.status, undefined),
    hotRank: numberOf(text.hotRank, null),
    newRank: numberOf(text.newRank, null),
    recommendRank: numberOf(text.recommendRank, null),
    weightG: numberOf(text.weightG, null),
    description: text.description,
    jpDescription: text.jpDescription,
    enDescription: text.enDescription,
    images: draft.images.map((image) => image.id),
  }
}

/** Raw messages (the schemas' English phrases) by the body field they belong to, first per field. */
export type RawFieldMessages = Partial<Record<string, string>>

/** The first segment of a path (`images.0` → `images`): messages sit next to the field's input. */
export const fieldOfPath = (path: string) => path.split('.')[0] ?? path

export type DraftCheck = { ok: true; body: ProductBody } | { ok: false; messages: RawFieldMessages }

/** Checks the draft with the server's schema. */
export function checkDraft(draft: ProductDraft): DraftCheck {
  const checked = v.safeParse(productBody, bodyInputOf(draft))
  if (checked.success) return { ok: true, body: checked.output }
  const messages: RawFieldMessages = {}
  for (const issue of checked.issues) messages[fieldOfPath(v.getDotPath(issue) ?? '')] ??= issue.message
  return { ok: false, messages }
}

/** A JAN's check digit from its first 12 digits (EAN-13: weights 1, 3 alternating). */
export function ean13CheckDigit(first12: string): number {
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10
}
