import { t } from '@lingui/core/macro'
import { ShippingEditorMessage } from '../../domain/shipping-editor.ts'
import { validationText } from '../../lib/validation-text.ts'

type EditorPhrase = (typeof ShippingEditorMessage)[keyof typeof ShippingEditorMessage]

// Typed by the editor's phrases, so one added there fails to compile until it has words here.
const EDITOR_TEXT: Record<EditorPhrase, () => string> = {
  [ShippingEditorMessage.methods]: () => t`须为 1 到 50 个运输方式，每个只能出现一次`,
  [ShippingEditorMessage.unknownMethod]: () => t`没有这个运输方式，请刷新页面`,
  [ShippingEditorMessage.flag]: () => t`须为是或否`,
  [ShippingEditorMessage.sizeRule]: () => t`请选择尺寸规则`,
  [ShippingEditorMessage.billingRule]: () => t`请选择计费规则`,
  [ShippingEditorMessage.weightG]: () => t`须为 0 到 70000 克的整数`,
  [ShippingEditorMessage.maxAboveMin]: () => t`须大于最小重量`,
  [ShippingEditorMessage.stepG]: () => t`须为 0 到 10000 克的整数`,
  [ShippingEditorMessage.sortOrder]: () => t`须为 0 到 9999 的整数`,
  [ShippingEditorMessage.zone]: () => t`区域须为 1 到 9 的整数`,
  [ShippingEditorMessage.destinations]: () => t`每个国家或地区只能出现一次`,
  [ShippingEditorMessage.upToG]: () => t`须为 1 到 70000 克的整数`,
  [ShippingEditorMessage.fee]: () => t`须为 0 到 10000000 日元的整数`,
  [ShippingEditorMessage.ratesOnce]: () => t`同一区域的每个重量档只能出现一次`,
  [ShippingEditorMessage.zoneWithoutRates]: () => t`目的地用到的每个区域都至少需要一个运费档位`,
}

/** The words of a phrase the editor's schema or the server reports: the editor's own, or the shared ones. */
export function editorMessageText(message: string): string {
  const own = Object.hasOwn(EDITOR_TEXT, message) ? EDITOR_TEXT[message as EditorPhrase] : undefined
  return own ? own() : validationText(message)
}
