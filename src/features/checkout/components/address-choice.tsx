import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { css, cx } from '../../../../styled-system/css'
import type { AddressDto } from '../../../domain/address.ts'
import type { Language } from '../../../domain/language.ts'
import { fullAddressIn, recipientNameIn } from '../../addresses/address-text.ts'

const group = css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0' })
const legend = css({ fontWeight: 'semibold', mb: '1' })
const option = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  p: '3',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  cursor: 'pointer',
  fontSize: 'sm',
})
const chosen = css({ borderColor: 'primary', bg: 'blue.50' })
const radio = css({ mt: '0.5', width: '4', height: '4', accentColor: 'primary', flexShrink: 0 })
const muted = css({ color: 'text.muted' })
const badge = css({ fontSize: 'xs', color: 'secondary.hover', ml: '2' })
const manage = css({ fontSize: 'sm', textDecoration: 'underline', alignSelf: 'flex-start' })
const warning = css({ fontSize: 'sm', color: 'red.700' })

/** The delivery address of the first payment: one of the shopper's, chosen here and copied onto the order. */
export function AddressChoice(props: {
  addresses: AddressDto[]
  selected: number | null
  language: Language
  disabled: boolean
  onSelect: (addressId: number) => void
}) {
  const { addresses, selected, language } = props
  return (
    <fieldset className={group}>
      <legend className={legend}>
        <Trans>选择收货地址</Trans>
      </legend>
      {addresses.length === 0 ? (
        <p className={warning}>
          <Trans>请添加收货地址</Trans>
        </p>
      ) : (
        addresses.map((address) => (
          <label key={address.id} className={cx(option, selected === address.id && chosen)}>
            <input
              type="radio"
              name="delivery-address"
              className={radio}
              value={address.id}
              checked={selected === address.id}
              disabled={props.disabled}
              onChange={() => props.onSelect(address.id)}
            />
            <span>
              <span>
                {recipientNameIn(language, address)} {address.telephone}
              </span>
              {address.acquiescent === 1 ? (
                <span className={badge}>
                  <Trans>默认地址</Trans>
                </span>
              ) : null}
              <span className={cx(muted, css({ display: 'block' }))}>{fullAddressIn(language, address)}</span>
            </span>
          </label>
        ))
      )}
      <Link to="/address-manage" className={manage}>
        <Trans>新增或管理收货地址</Trans>
      </Link>
    </fieldset>
  )
}
