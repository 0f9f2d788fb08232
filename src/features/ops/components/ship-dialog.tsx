import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { FormField, SelectField } from '../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import type { OpsPackageDto } from '../../../domain/packaging.ts'
import { ResultCode } from '../../../domain/result-code.ts'
import { CARRIERS, type Carrier } from '../../../domain/shipping.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { fieldErrorsOf } from '../../../lib/validation-text.ts'
import { shipPackage } from '../api/ship-package.ts'
import {
  carrierText,
  normalTrackingNo,
  packageRefusalText,
  trackingProblem,
  trackingProblemText,
} from '../package-text.ts'
import { DialogActions } from './dialog-actions.tsx'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const upper = css({ textTransform: 'uppercase', fontFamily: 'mono' })

/**
 * Ships a package whose fee is paid (4 → 5): the carrier (preset from the paid method's) and the
 * tracking number, checked as it is typed — a complete number with a wrong check digit is said at
 * once, a short or malformed one once the field is left or the form sent. Nothing invalid is sent.
 */
export function ShipDialog(props: {
  pkg: Pick<OpsPackageDto, 'id' | 'packageNo'>
  carrier: Carrier
  onShipped: (shipped: OpsPackageDto) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const [carrier, setCarrier] = useState<Carrier>(props.carrier)
  const [trackingNo, setTrackingNo] = useState('')
  const [touched, setTouched] = useState(false)
  const [serverError, setServerError] = useState<string>()
  const [refusal, setRefusal] = useState<string>()
  const [busy, setBusy] = useState(false)
  const problem = trackingProblem(carrier, trackingNo)
  const shownProblem = problem === 'checkDigit' || (touched && problem !== undefined) ? problem : undefined
  const error = serverError ?? (shownProblem ? trackingProblemText(carrier, shownProblem) : undefined)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    setRefusal(undefined)
    if (problem !== undefined) return
    setBusy(true)
    try {
      props.onShipped(await shipPackage(props.pkg.id, { carrier, trackingNo: normalTrackingNo(trackingNo) }))
    } catch (failure) {
      const fields =
        failure instanceof ApiFailure && failure.code === ResultCode.invalidInput
          ? fieldErrorsOf(failure)
          : {}
      if (fields.trackingNo || fields.carrier) setServerError(fields.trackingNo ?? fields.carrier)
      else setRefusal(packageRefusalText(failure, language))
      setBusy(false)
    }
  }
  const cancel = () => {
    if (!busy) props.onCancel()
  }

  return (
    <ModalDialog title={t`发货：包裹 ${props.pkg.packageNo}`} onClose={cancel} closeOnEscape width="md">
      <form className={form} onSubmit={(event) => void submit(event)} noValidate>
        <SelectField
          label={t`承运商`}
          value={carrier}
          disabled={busy}
          onChange={(event) => {
            setCarrier(event.target.value as Carrier)
            setServerError(undefined)
          }}
        >
          {CARRIERS.map((code) => (
            <option key={code} value={code}>
              {carrierText(code)}
            </option>
          ))}
        </SelectField>
        <FormField
          label={t`运单号`}
          className={upper}
          value={trackingNo}
          maxLength={32}
          autoComplete="off"
          spellCheck={false}
          required
          disabled={busy}
          error={error}
          hint={
            carrier === 'japanpost' ? (
              <Trans>13 位，例如 EJ123456785JP（最后一位数字是校验位）</Trans>
            ) : (
              <Trans>10 位数字，例如 3318810025（最后一位是校验位）</Trans>
            )
          }
          onBlur={() => setTouched(true)}
          onChange={(event) => {
            setTrackingNo(event.target.value)
            setServerError(undefined)
          }}
        />
        <DialogActions failure={refusal} busy={busy} onCancel={cancel}>
          {busy ? <Trans>正在提交…</Trans> : <Trans>确认发货</Trans>}
        </DialogActions>
      </form>
    </ModalDialog>
  )
}
