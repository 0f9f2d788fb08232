import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Type labels shown on product cards (spec §4 type codes 1–9). */
export const PRODUCT_TYPE_LABEL: Record<number, MessageDescriptor> = {
  1: msg`预订`,
  2: msg`现货`,
  3: msg`追加`,
  4: msg`代购`,
  5: msg`再版预订`,
  6: msg`再版追加`,
  7: msg`厂家现货`,
  8: msg`尾款`,
  9: msg`现场预售`,
}
