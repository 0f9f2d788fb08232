import { t } from '@lingui/core/macro'
import { ProductEditorMessage, ProductReferenceMessage } from '../../../domain/product-editor.ts'
import { validationText } from '../../../lib/validation-text.ts'
import { phraseLookup } from '../taxonomy/taxonomy-text.ts'

type EditorPhrase =
  | (typeof ProductEditorMessage)[keyof typeof ProductEditorMessage]
  | (typeof ProductReferenceMessage)[keyof typeof ProductReferenceMessage]

// Typed by the editor's phrases, so one added there fails to compile until it has words here.
// Kept in the console's chunk: src/lib/validation-text.ts travels with shopper pages.
const PRODUCT_EDITOR_TEXT: Record<EditorPhrase, () => string> = {
  [ProductEditorMessage.itemNo]: () => t`须为 1–32 位字母、数字或 - _ . /，不能有空格`,
  [ProductEditorMessage.janCode]: () => t`须为 13 位 EAN-13 码，且校验位正确`,
  [ProductEditorMessage.boxBarcode]: () => t`最多 32 位字母或数字`,
  [ProductEditorMessage.name]: () => t`最多 200 个字符`,
  [ProductEditorMessage.productType]: () => t`请选择商品类型`,
  [ProductEditorMessage.price]: () => t`须为 1 到 9,999,999 日元的整数`,
  [ProductEditorMessage.quantity]: () => t`须为 1 到 10,000 的整数`,
  [ProductEditorMessage.stock]: () => t`须为 0 到 10,000,000 的整数`,
  [ProductEditorMessage.status]: () => t`请选择上架或下架`,
  [ProductEditorMessage.rank]: () => t`须为 1 到 9,999 的整数，或留空`,
  [ProductEditorMessage.weight]: () => t`须为 1 到 100,000 克的整数，或留空`,
  [ProductEditorMessage.instant]: () => t`请输入有效的日期和时间`,
  [ProductEditorMessage.preSellEndAfterSale]: () => t`预订截止不能晚于发售日（发售后不再收订金）`,
  [ProductEditorMessage.description]: () => t`最多 100,000 个字符`,
  [ProductEditorMessage.images]: () => t`最多 20 张已上传的图片`,
  [ProductEditorMessage.boolean]: () => t`须为是或否`,
  [ProductEditorMessage.updatedAt]: () => t`版本信息无效，请重新载入商品`,
  [ProductReferenceMessage.categoryId]: () => t`没有这个分类，请刷新页面后重新选择`,
  [ProductReferenceMessage.seriesId]: () => t`没有这个系列，请刷新页面后重新选择`,
  [ProductReferenceMessage.brandId]: () => t`没有这个品牌，请刷新页面后重新选择`,
  [ProductReferenceMessage.images]: () => t`有图片不是本站上传的，请重新上传`,
  [ProductReferenceMessage.itemNoTaken]: () => t`另一个商品已在使用这个货号`,
  [ProductReferenceMessage.stale]: () => t`保存期间有人修改了这个商品`,
}

/** The words of a phrase of the product schemas or the server (bare, or after its field), else undefined. */
export const productPhraseText = phraseLookup(PRODUCT_EDITOR_TEXT)

/** The words of a phrase the product schemas or the server report: the editor's own, or the shared ones. */
export const productMessageText = (message: string): string =>
  productPhraseText(message) ?? validationText(message)
