import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { FormField, SelectField } from '../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import {
  type AddressDto,
  addressSchema,
  addressUpdateSchema,
  MAX_ADDRESSES,
  type UsZipDto,
} from '../../../domain/address.ts'
import { COUNTRIES, countryByValue, countryNameIn } from '../../../domain/countries.ts'
import { ResultCode } from '../../../domain/result-code.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { type FieldErrors, fieldErrorsOf, formFailureOf } from '../../../lib/validation-text.ts'
import { isNetworkDown, offlineActionMessage } from '../../shell/offline/network-down.ts'
import { saveAddress } from '../api/save-address.ts'
import { updateAddress } from '../api/update-address.ts'
import { useUsZipLookup, type ZipLookup } from '../hooks/use-us-zip-lookup.ts'

/** The stored value of the United States: a US postcode is a ZIP code and is looked up. */
export const UNITED_STATES = '美国'

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'nameEn',
  'telephone',
  'postCode',
  'country',
  'province',
  'provinceEn',
  'city',
  'cityEn',
  'district',
  'districtEn',
  'shopName',
  'shopNameEn',
  'address',
  'addressEn',
] as const
type TextField = (typeof TEXT_FIELDS)[number]
type TextValues = Record<TextField, string>
const FORM_FIELDS: readonly string[] = [...TEXT_FIELDS, 'acquiescent', 'isBill']

const quiet = { systemNotify: false } as const

function valuesOf(address: AddressDto | undefined): TextValues {
  const values = {} as TextValues
  for (const field of TEXT_FIELDS) values[field] = address?.[field] ?? ''
  return values
}

const scrollArea = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
  // The dialog itself does not scroll; its form does, so the buttons stay in view on a phone.
  maxHeight: 'calc(100dvh - 12rem)',
  overflowY: 'auto',
  // room for the inputs' focus outline
  px: '1',
  mx: '-1',
  pb: '1',
})
const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
  // a field with a hint beside one without must not stretch the other's control
  alignItems: 'start',
})
const wide = css({ gridColumn: { sm: 'span 2' } })
// A fieldset without its border, so the legend is an ordinary heading above a rule.
const group = css({ minWidth: '0', m: '0', p: '0', border: '0' })
const groupTitle = css({
  display: 'block',
  width: 'full',
  p: '0',
  pt: '4',
  // the colour in the shorthand: a separate borderColor can lose to the shorthand's currentColor
  borderTop: '1px solid token(colors.border)',
  fontSize: 'md',
  fontWeight: 'semibold',
  color: 'primary',
})
const groupBody = css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '3' })
const note = css({ fontSize: 'xs', color: 'text.muted' })
const zipUnknown = css({ color: 'orange.800' })
const checks = css({ display: 'flex', flexDirection: 'column', gap: '2' })
const checkRow = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  cursor: 'pointer',
})
const checkbox = css({
  width: '5',
  height: '5',
  accentColor: 'primary',
  cursor: 'pointer',
  _disabled: { cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const alertText = css({
  p: '3',
  borderRadius: 'sm',
  bg: 'red.50',
  color: 'red.800',
  fontSize: 'sm',
  border: '1px solid',
  borderColor: 'red.200',
})
const buttons = css({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: '2' })

export interface AddressFormDialogProps {
  /** The address to edit; none adds one. */
  address?: AddressDto | undefined
  /** Messages to show under the fields on opening (an address that today's rules refuse). */
  initialErrors?: FieldErrors | undefined
  /** Whether the shopper has no address yet: the first one becomes the default whatever is ticked. */
  first: boolean
  onClose: () => void
  /** The server stored the address. */
  onSaved: (saved: AddressDto) => void
}

/**
 * Adding or editing an address (spec §3 'Address'): every field, the Chinese/Japanese ones and the
 * English ones in two groups. Checked on submit with the domain schema, refusals shown under their
 * fields. For the United States a ZIP code fills the state and the city.
 */
export function AddressFormDialog(props: AddressFormDialogProps) {
  const { t } = useLingui()
  const language = useLanguage()
  const { address } = props
  const [values, setValues] = useState<TextValues>(() => valuesOf(address))
  const [acquiescent, setAcquiescent] = useState(address ? address.acquiescent === 1 : props.first)
  const [isBill, setIsBill] = useState(address?.isBill === 1)
  const [errors, setErrors] = useState<FieldErrors>(props.initialErrors ?? {})
  const [formError, setFormError] = useState<string | undefined>(undefined)
  const [sending, setSending] = useState(false)
  const [attempts, setAttempts] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const sendingRef = useRef(false)
  const checksHintId = useId()

  // The dialog's first field takes focus on opening (the dialog would pick its × button).
  const initialFocus = useMemo(
    () => ({
      get current() {
        return formRef.current?.querySelector<HTMLElement>('input, select') ?? null
      },
    }),
    [],
  )

  // After a refused try, focus goes to the first field in error so its message is read out.
  useEffect(() => {
    if (attempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [attempts])

  const setValue = (name: TextField, value: string) =>
    setValues((previous) => ({ ...previous, [name]: value }))

  const zip = useUsZipLookup((place: UsZipDto) =>
    setValues((previous) => ({
      ...previous,
      province: place.state,
      provinceEn: place.state,
      city: place.city,
      cityEn: place.city,
    })),
  )

  const bind = (name: TextField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
  })

  // The default cannot be unticked: it moves only by making another address the default.
  const defaultLocked = props.first || address?.acquiescent === 1

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sendingRef.current) return
    setFormError(undefined)
    const input = {
      ...values,
      ...(address ? { id: address.id } : {}),
      // set from the country, in English, whatever the shown language
      countryEn: countryByValue(values.country)?.enName ?? address?.countryEn ?? '',
      acquiescent: acquiescent ? 1 : 0,
      isBill: isBill ? 1 : 0,
    }
    const prepared = address
      ? prepare(addressUpdateSchema, input, (payload) => updateAddress(payload, quiet))
      : prepare(addressSchema, input, (payload) => saveAddress(payload, quiet))
    if ('errors' in prepared) {
      setErrors(withCountryEn(prepared.errors))
      setAttempts((count) => count + 1)
      return
    }
    setErrors({})
    sendingRef.current = true
    setSending(true)
    try {
      props.onSaved(await prepared.send())
    } catch (error) {
      const failure = failureOf(error)
      setErrors(failure.fields)
      setFormError(failure.message)
      setAttempts((count) => count + 1)
    } finally {
      sendingRef.current = false
      setSending(false)
    }
  }

  /** The form's words for a failed save: the book is full (409), the address is gone (404), or the usual. */
  function failureOf(error: unknown): { fields: FieldErrors; message: string | undefined } {
    // the dialog stays open with what was typed; it only needs the network back
    if (isNetworkDown(error)) return { fields: {}, message: offlineActionMessage() }
    if (error instanceof ApiFailure && error.kind === 'server') {
      if (error.code === ResultCode.conflict && !address) {
        return {
          fields: {},
          message: t`最多可保存 ${MAX_ADDRESSES} 个地址，请先删除不用的地址再添加。`,
        }
      }
      if (error.code === ResultCode.notFound && address) {
        return { fields: {}, message: t`这个地址已不存在，可能已在其他设备上删除。` }
      }
    }
    const failure = formFailureOf(error, [...FORM_FIELDS, 'countryEn'])
    return { fields: withCountryEn(failure.fields), message: failure.message }
  }

  const isUnitedStates = values.country === UNITED_STATES

  return (
    <ModalDialog
      title={address ? <Trans>编辑地址</Trans> : <Trans>添加地址</Trans>}
      onClose={props.onClose}
      closeOnEscape
      showCloseButton
      initialFocus={initialFocus}
      width="lg"
    >
      <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={scrollArea}>
          <p className={note}>
            <Trans>标注“选填”的项可以不填，其余为必填。</Trans>
          </p>
          <div className={grid}>
            <SelectField
              label={t`国家/地区`}
              autoComplete="country-name"
              required
              {...bind('country')}
              onChange={(event) => {
                setValue('country', event.target.value)
                zip.changed(values.postCode, event.target.value === UNITED_STATES)
              }}
            >
              <option value="">{t`请选择`}</option>
              {COUNTRIES.map((country) => (
                <option key={country.value} value={country.value}>
                  {countryNameIn(language, country)}
                </option>
              ))}
              {values.country && !countryByValue(values.country) ? (
                // an address saved before the list changed keeps its country until another is chosen
                <option value={values.country}>{values.country}</option>
              ) : null}
            </SelectField>
            <FormField
              label={t`邮编`}
              autoComplete="postal-code"
              required
              {...bind('postCode')}
              hint={isUnitedStates ? <ZipHint lookup={zip.lookup} /> : undefined}
              onChange={(event) => {
                setValue('postCode', event.target.value)
                zip.changed(event.target.value, isUnitedStates)
              }}
              onBlur={zip.blurred}
            />
            {isUnitedStates && zip.lookup.state === 'found' && zip.lookup.place.cities.length > 1 ? (
              <div className={wide}>
                <SelectField
                  label={t`该邮编对应多个城市，请选择`}
                  name="zipCity"
                  value={zip.lookup.place.cities.includes(values.cityEn) ? values.cityEn : ''}
                  onChange={(event) =>
                    setValues((previous) => ({
                      ...previous,
                      city: event.target.value,
                      cityEn: event.target.value,
                    }))
                  }
                >
                  <option value="" disabled>
                    {t`请选择`}
                  </option>
                  {zip.lookup.place.cities.map((city) => (
                    <option key={city} value={city}>
                      {city}
                    </option>
                  ))}
                </SelectField>
              </div>
            ) : null}
            <FormField label={t`电话`} type="tel" autoComplete="tel" required {...bind('telephone')} />
          </div>

          <Group legend={<Trans>中文/日文信息</Trans>}>
            <div className={grid}>
              <FormField label={t`姓`} autoComplete="family-name" required {...bind('lastName')} />
              <FormField label={t`名`} autoComplete="given-name" required {...bind('firstName')} />
              <FormField label={t`省/州（选填）`} autoComplete="address-level1" {...bind('province')} />
              <FormField label={t`城市（选填）`} autoComplete="address-level2" {...bind('city')} />
              <FormField label={t`区/县（选填）`} autoComplete="address-level3" {...bind('district')} />
              <FormField label={t`店铺/公司名（选填）`} autoComplete="organization" {...bind('shopName')} />
              <div className={wide}>
                <FormField label={t`详细地址`} autoComplete="street-address" required {...bind('address')} />
              </div>
            </div>
          </Group>

          <Group
            legend={<Trans>英文信息（选填）</Trans>}
            note={<Trans>国际快递的面单使用英文，建议填写。</Trans>}
          >
            <div className={grid}>
              <div className={wide}>
                <FormField label={t`姓名（英文）`} autoComplete="off" {...bind('nameEn')} />
              </div>
              <FormField label={t`省/州（英文）`} autoComplete="off" {...bind('provinceEn')} />
              <FormField label={t`城市（英文）`} autoComplete="off" {...bind('cityEn')} />
              <FormField label={t`区/县（英文）`} autoComplete="off" {...bind('districtEn')} />
              <FormField label={t`店铺/公司名（英文）`} autoComplete="off" {...bind('shopNameEn')} />
              <div className={wide}>
                <FormField label={t`详细地址（英文）`} autoComplete="off" {...bind('addressEn')} />
              </div>
            </div>
          </Group>

          <div className={checks}>
            <label className={checkRow}>
              <input
                type="checkbox"
                className={checkbox}
                name="acquiescent"
                checked={acquiescent || defaultLocked}
                disabled={defaultLocked}
                aria-describedby={defaultLocked ? checksHintId : undefined}
                onChange={(event) => setAcquiescent(event.target.checked)}
              />
              <Trans>设为默认地址</Trans>
            </label>
            {defaultLocked ? (
              <p id={checksHintId} className={note}>
                {props.first ? (
                  <Trans>第一个地址会自动成为默认地址。</Trans>
                ) : (
                  <Trans>这是默认地址；把其他地址设为默认即可更换。</Trans>
                )}
              </p>
            ) : null}
            <label className={checkRow}>
              <input
                type="checkbox"
                className={checkbox}
                name="isBill"
                checked={isBill}
                onChange={(event) => setIsBill(event.target.checked)}
              />
              <Trans>用作账单地址</Trans>
            </label>
          </div>
        </div>

        {formError ? (
          <p role="alert" className={alertText}>
            {formError}
          </p>
        ) : null}
        <div className={buttons}>
          <Button variant="ghost" onClick={props.onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button type="submit" disabled={sending}>
            {sending ? <Trans>保存中…</Trans> : <Trans>保存</Trans>}
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}

/** countryEn is set from the country, so its refusal belongs under the country. */
function withCountryEn(errors: FieldErrors): FieldErrors {
  const { countryEn, ...rest } = errors
  return countryEn === undefined || rest.country !== undefined ? rest : { ...rest, country: countryEn }
}

/** Checks the form's values with a domain schema; either the refusals or the call that sends the result. */
function prepare<S extends v.GenericSchema, R>(
  schema: S,
  input: unknown,
  call: (payload: v.InferOutput<S>) => Promise<R>,
): { errors: FieldErrors } | { send: () => Promise<R> } {
  const checked = v.safeParse(schema, input)
  return checked.success ? { send: () => call(checked.output) } : { errors: fieldErrorsOf(checked.issues) }
}

function Group(props: { legend: ReactNode; note?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className={group}>
      <legend className={groupTitle}>{props.legend}</legend>
      <div className={groupBody}>
        {props.note ? <p className={note}>{props.note}</p> : null}
        {props.children}
      </div>
    </fieldset>
  )
}

/** What the ZIP look-up says under the postcode of a US address. */
function ZipHint({ lookup }: { lookup: ZipLookup }) {
  switch (lookup.state) {
    case 'looking':
      return <Trans>正在按邮编查询州和城市…</Trans>
    case 'found': {
      const where = `${lookup.place.city}, ${lookup.place.state}`
      return <Trans>已按邮编填写州和城市：{where}</Trans>
    }
    case 'unknown':
      return (
        <span className={zipUnknown}>
          <Trans>没有美国地区使用这个邮编</Trans>
        </span>
      )
    default:
      return <Trans>输入 5 位邮编后会自动填写州和城市。</Trans>
  }
}
