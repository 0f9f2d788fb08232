import { Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { useLanguage } from '../../../lib/use-language.ts'
import { fullAddressIn, recipientNameIn } from '../../addresses/address-text.ts'
import { orderAddressOf } from '../../orders/order-text.ts'
import { muted } from './package-look.ts'

const block = css({ fontStyle: 'normal', fontSize: 'sm', overflowWrap: 'anywhere' })

/** The delivery address copied onto the package from its packaging request (read-only). */
export function DeliveryAddress({ address }: { address: Record<string, string | number | null> | null }) {
  const language = useLanguage()
  if (!address || Object.keys(address).length === 0) {
    return (
      <p className={muted}>
        <Trans>没有收货地址</Trans>
      </p>
    )
  }
  const book = orderAddressOf(address)
  return (
    <address className={block}>
      <p>
        {recipientNameIn(language, book)} {book.telephone}
      </p>
      <p>
        {fullAddressIn(language, book)} {book.postCode}
      </p>
    </address>
  )
}
