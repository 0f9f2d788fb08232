import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { FormField, fieldControl, fieldErrorText } from '../../../components/ui/form-field.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { productNameIn } from '../../../domain/catalog.ts'
import { MAX_BOXES, type OpsPackageApplyDto, type PackAnswer } from '../../../domain/packaging.ts'
import { ResultCode } from '../../../domain/result-code.ts'
import { volumetricWeightG } from '../../../domain/shipping.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { fieldErrorsOf, validationText } from '../../../lib/validation-text.ts'
import { packApply } from '../api/pack-apply.ts'
import { BOX_FIELDS, type BoxDraft, type BoxField, checkPack, emptyBox, wholeIn } from '../pack-plan.ts'
import { gramsText, packageRefusalText } from '../package-text.ts'
import { amountCell, mutedText, table, tableScroll } from './ops-table.ts'

const form = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const boxList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  maxHeight: '45vh',
  overflowY: 'auto',
})
const boxSet = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
  gap: '2',
  p: '3',
  m: '0',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const boxLegend = css({ fontSize: 'sm', fontWeight: 'semibold', px: '1' })
const boxFoot = css({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
})
const unit = css({ alignSelf: 'center', fontSize: 'xs', color: 'text.muted', minWidth: '6' })
const boxSelect = css({ minWidth: '28' })
const problems = css({ display: 'flex', flexDirection: 'column', gap: '1', pl: '4', listStyle: 'disc' })
const buttons = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2' })
const endButtons = css({ display: 'flex', gap: '2' })

type ServerBoxErrors = ReadonlyMap<number, Partial<Record<BoxField, string>>>

/** The server's `boxes.{i}.{field}` refusals by box key; the rest as words for the whole form. */
function serverRefusal(error: unknown, boxes: readonly BoxDraft[]) {
  const fields =
    error instanceof ApiFailure && error.code === ResultCode.invalidInput ? fieldErrorsOf(error) : {}
  const byBox = new Map<number, Partial<Record<BoxField, string>>>()
  const others: string[] = []
  for (const [field, message] of Object.entries(fields)) {
    const match = /^boxes\.(\d+)\.(weightG|lengthMm|widthMm|heightMm)$/.exec(field)
    const box = match ? boxes[Number(match[1])] : undefined
    if (match && box) byBox.set(box.key, { ...byBox.get(box.key), [match[2] as BoxField]: message })
    else others.push(message)
  }
  return { byBox, others }
}

/**
 * Packs a picked request (flows §5): boxes with their weight (g) and outside size (mm), and a box
 * chosen per line. Checked before asking: every measure a whole number in range, every line in a box,
 * no box empty. Asks the server itself and hands up the packages it made.
 */
export function PackDialog(props: {
  apply: Pick<OpsPackageApplyDto, 'id' | 'lines'>
  onPacked: (answer: PackAnswer) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  const { apply } = props
  const [boxes, setBoxes] = useState<BoxDraft[]>(() => [emptyBox(1)])
  const [nextKey, setNextKey] = useState(2)
  const [boxOf, setBoxOf] = useState<ReadonlyMap<number, number>>(() => new Map())
  const [shown, setShown] = useState(false)
  const [serverBoxes, setServerBoxes] = useState<ServerBoxErrors>(() => new Map())
  const [refusal, setRefusal] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const check = checkPack(apply.lines, boxes, boxOf)
  const maxBoxes = Math.min(MAX_BOXES, apply.lines.length)
  const numberOf = (key: number) => boxes.findIndex((box) => box.key === key) + 1

  const edit = (key: number, field: BoxField, value: string) => {
    setBoxes((current) => current.map((box) => (box.key === key ? { ...box, [field]: value } : box)))
    setServerBoxes((current) => {
      const next = new Map(current)
      next.set(key, { ...current.get(key), [field]: undefined })
      return next
    })
  }
  const addBox = () => {
    setBoxes((current) => [...current, emptyBox(nextKey)])
    setNextKey((key) => key + 1)
  }
  const removeBox = (key: number) => {
    setBoxes((current) => current.filter((box) => box.key !== key))
    setBoxOf((current) => new Map([...current].filter(([, box]) => box !== key)))
  }
  const assign = (lineId: number, key: number | undefined) =>
    setBoxOf((current) => {
      const next = new Map(current)
      if (key === undefined) next.delete(lineId)
      else next.set(lineId, key)
      return next
    })
  const fillBox = (key: number) =>
    setBoxOf((current) => {
      const keys = new Set(boxes.map((box) => box.key))
      const next = new Map(current)
      for (const line of apply.lines) if (!keys.has(next.get(line.id) ?? -1)) next.set(line.id, key)
      return next
    })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setShown(true)
    setRefusal([])
    if (check.body === undefined) return
    setBusy(true)
    try {
      props.onPacked(await packApply(apply.id, check.body))
    } catch (error) {
      const { byBox, others } = serverRefusal(error, boxes)
      setServerBoxes(byBox)
      setRefusal(byBox.size === 0 && others.length === 0 ? [packageRefusalText(error, language)] : others)
      setBusy(false)
    }
  }
  const cancel = () => {
    if (!busy) props.onCancel()
  }

  const fieldLabel: Record<BoxField, string> = {
    weightG: t`重量`,
    lengthMm: t`长`,
    widthMm: t`宽`,
    heightMm: t`高`,
  }
  const errorOf = (key: number, field: BoxField): string | undefined => {
    const server = serverBoxes.get(key)?.[field]
    if (server) return server
    const own = shown ? check.fieldErrors.get(key)?.[field] : undefined
    return own ? validationText(own) : undefined
  }
  const problemTexts = shown
    ? [
        ...(check.unassigned.length > 0 ? [t`还有 ${check.unassigned.length} 个商品行没有放入箱子`] : []),
        ...check.emptyBoxes.map((key) => t`箱子 ${numberOf(key)} 是空的：请放入商品行或删除它`),
        ...(check.fieldErrors.size > 0 ? [t`请检查箱子的重量和尺寸`] : []),
      ]
    : []
  const allProblems = [...problemTexts, ...refusal]

  return (
    <ModalDialog title={t`打包申请 ${apply.id}`} onClose={cancel} closeOnEscape width="lg">
      <form className={form} onSubmit={(event) => void submit(event)} noValidate>
        <p className={mutedText}>
          <Trans>
            每个箱子生成一个包裹。请称重并量出外箱尺寸（整数，克和毫米），再为每个商品行选择箱子。
          </Trans>
        </p>
        <div className={boxList}>
          {boxes.map((box, index) => {
            const number = index + 1
            const length = wholeIn(box.lengthMm, Number.MAX_SAFE_INTEGER)
            const width = wholeIn(box.widthMm, Number.MAX_SAFE_INTEGER)
            const height = wholeIn(box.heightMm, Number.MAX_SAFE_INTEGER)
            const volumetric =
              length && width && height
                ? volumetricWeightG({ weightG: 0, lengthMm: length, widthMm: width, heightMm: height })
                : undefined
            const count = apply.lines.filter((line) => boxOf.get(line.id) === box.key).length
            return (
              <fieldset key={box.key} className={boxSet}>
                <legend className={boxLegend}>{t`箱子 ${number}`}</legend>
                {BOX_FIELDS.map((field) => (
                  <FormField
                    key={field}
                    label={fieldLabel[field]}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={box[field]}
                    error={errorOf(box.key, field)}
                    addon={<span className={unit}>{field === 'weightG' ? 'g' : 'mm'}</span>}
                    onChange={(event) => edit(box.key, field, event.target.value)}
                  />
                ))}
                <div className={boxFoot}>
                  <span className={mutedText}>
                    {volumetric === undefined ? (
                      <Trans>{count} 个商品行</Trans>
                    ) : (
                      <Trans>
                        {count} 个商品行 · 体积重 {gramsText(volumetric)}
                      </Trans>
                    )}
                  </span>
                  <span className={endButtons}>
                    {check.unassigned.length > 0 ? (
                      <Button variant="ghost" disabled={busy} onClick={() => fillBox(box.key)}>
                        {t`未分配的商品行放入箱子 ${number}`}
                      </Button>
                    ) : null}
                    {boxes.length > 1 ? (
                      <Button variant="ghost" disabled={busy} onClick={() => removeBox(box.key)}>
                        {t`删除箱子 ${number}`}
                      </Button>
                    ) : null}
                  </span>
                </div>
              </fieldset>
            )
          })}
        </div>

        <div className={tableScroll}>
          <table className={table} aria-label={t`商品行分箱`}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>商品</Trans>
                </th>
                <th scope="col" className={amountCell}>
                  <Trans>数量</Trans>
                </th>
                <th scope="col">
                  <Trans>订单号</Trans>
                </th>
                <th scope="col">
                  <Trans>箱子</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {apply.lines.map((line) => {
                const name = productNameIn(language, line)
                const key = boxOf.get(line.id)
                const missing = shown && check.unassigned.includes(line.id)
                return (
                  <tr key={line.id}>
                    <td>
                      {name}
                      <div className={mutedText}>
                        <Trans>条码 {line.barcode}</Trans>
                      </div>
                    </td>
                    <td className={amountCell}>{line.quantity}</td>
                    <td>{line.orderId}</td>
                    <td>
                      <select
                        className={cx(fieldControl, boxSelect)}
                        aria-label={t`${name}（条码 ${line.barcode}）放入的箱子`}
                        aria-invalid={missing || undefined}
                        value={key !== undefined && numberOf(key) > 0 ? key : ''}
                        disabled={busy}
                        onChange={(event) =>
                          assign(line.id, event.target.value === '' ? undefined : Number(event.target.value))
                        }
                      >
                        <option value="">{t`未分配`}</option>
                        {boxes.map((box, index) => (
                          <option key={box.key} value={box.key}>
                            {t`箱子 ${index + 1}`}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>

        {allProblems.length > 0 ? (
          <div role="alert" className={fieldErrorText} id={`${id}-problems`}>
            <ul className={problems}>
              {allProblems.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className={buttons}>
          <Button variant="secondary" disabled={busy || boxes.length >= maxBoxes} onClick={addBox}>
            <Trans>添加箱子</Trans>
          </Button>
          <div className={endButtons}>
            <Button variant="ghost" disabled={busy} onClick={cancel}>
              <Trans>取消</Trans>
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Trans>正在打包…</Trans> : <Trans>确认打包</Trans>}
            </Button>
          </div>
        </div>
      </form>
    </ModalDialog>
  )
}
