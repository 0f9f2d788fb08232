import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { FormField, fieldErrorText } from '../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import type { ArrivalBody } from '../../../domain/arrival.ts'
import { productNameIn } from '../../../domain/catalog.ts'
import type { OpsOrderDetailDto, OpsOrderDto } from '../../../domain/orders.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { fieldErrorsOf } from '../../../lib/validation-text.ts'
import { bookArrival } from '../api/book-arrival.ts'
import { arrivalDateError, orderRefusalText } from '../arrival-text.ts'
import { DialogActions } from './dialog-actions.tsx'
import { mutedText } from './ops-table.ts'

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const lineList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  maxHeight: '60vh',
  overflowY: 'auto',
  border: 'none',
  p: '0',
  m: '0',
})
const legend = css({ fontSize: 'sm', fontWeight: 'medium', mb: '1' })
const lineRow = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  p: '2',
  borderRadius: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'surface.muted' },
  '& input': { mt: '1' },
})

/**
 * Books the arrival of an order's goods on one shop date: the whole order, or (ticking some of its
 * lines) only those lines, which the server splits off into a child first. Ticking every line is the
 * whole order. `ticked` says whether the lines start ticked (the order's "Arrival…") or not ("Part
 * arrived…"). Asks the server itself and hands up the order that arrived.
 */
export function ArrivalDialog(props: {
  order: Pick<OpsOrderDto, 'id' | 'lines'>
  initialDate: string
  today: string
  ticked: 'all' | 'none'
  onArrived: (arrived: OpsOrderDetailDto) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  const { order, today } = props
  const chooseLines = order.lines.length >= 2
  const [date, setDate] = useState(props.initialDate)
  const [lineIds, setLineIds] = useState<ReadonlySet<number>>(
    () => new Set(props.ticked === 'all' ? order.lines.map((line) => line.id) : []),
  )
  const [errors, setErrors] = useState<{ arrivedAt?: string; lineIds?: string; other?: string }>({})
  const [busy, setBusy] = useState(false)

  const toggle = (lineId: number) =>
    setLineIds((current) => {
      const next = new Set(current)
      if (!next.delete(lineId)) next.add(lineId)
      return next
    })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const dateError = arrivalDateError(date, today)
    const noLine = chooseLines && lineIds.size === 0 ? t`请至少勾选一个到货的商品行` : undefined
    setErrors({ arrivedAt: dateError, lineIds: noLine })
    if (dateError || noLine) return
    // Every line ticked is the whole order: no split.
    const part = chooseLines && lineIds.size < order.lines.length
    const body: ArrivalBody = part
      ? {
          arrivedAt: date,
          lineIds: order.lines.filter((line) => lineIds.has(line.id)).map((line) => line.id),
        }
      : { arrivedAt: date }
    setBusy(true)
    try {
      const arrived = await bookArrival(order.id, body)
      props.onArrived(arrived)
    } catch (error) {
      const fields = error instanceof ApiFailure ? fieldErrorsOf(error) : {}
      setErrors(
        fields.arrivedAt || fields.lineIds
          ? { arrivedAt: fields.arrivedAt, lineIds: fields.lineIds }
          : { other: orderRefusalText(error, language) },
      )
      setBusy(false)
    }
  }
  const cancel = () => {
    if (!busy) props.onCancel()
  }

  return (
    <ModalDialog title={t`登记到仓：订单 ${order.id}`} onClose={cancel} closeOnEscape width="md">
      <form className={form} onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label={t`到仓日期`}
          type="date"
          max={today}
          value={date}
          required
          error={errors.arrivedAt}
          hint={<Trans>日本时间，不能晚于今天（{today}）。</Trans>}
          onChange={(event) => setDate(event.target.value)}
        />
        {chooseLines ? (
          <fieldset
            className={lineList}
            aria-describedby={errors.lineIds ? `${id}-lines-error` : `${id}-lines-hint`}
          >
            <legend className={legend}>
              <Trans>到货的商品行</Trans>
            </legend>
            <p id={`${id}-lines-hint`} className={mutedText}>
              <Trans>只勾选部分商品行时，订单会先拆分，只有勾选的商品行到仓；全部勾选即整单到仓。</Trans>
            </p>
            {order.lines.map((line) => (
              <label key={line.id} className={lineRow}>
                <input type="checkbox" checked={lineIds.has(line.id)} onChange={() => toggle(line.id)} />
                <span>
                  {productNameIn(language, line)} × {line.quantity}
                  <span className={mutedText}>
                    {' '}
                    · <Trans>条码 {line.barcode}</Trans>
                  </span>
                </span>
              </label>
            ))}
            {errors.lineIds ? (
              <p id={`${id}-lines-error`} className={fieldErrorText}>
                {errors.lineIds}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <DialogActions failure={errors.other} busy={busy} onCancel={cancel}>
          {busy ? <Trans>正在登记…</Trans> : <Trans>登记到仓</Trans>}
        </DialogActions>
      </form>
    </ModalDialog>
  )
}
