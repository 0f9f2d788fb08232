import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { FormField } from '../../../../components/ui/form-field.tsx'
import {
  fractionOfPercentText,
  type OpsChargeSettingsDto,
  opsChargeSettingsBody,
  PERCENT_CHARGES,
  type PercentCharge,
  percentTextOf,
  SettingsMessage,
} from '../../../../domain/settings-ops.ts'
import { getCharges, saveCharges } from '../api/charges.ts'
import { settingsFailureOf, settingsMessageText } from '../settings-text.ts'
import { type SaveOutcome, SaveOutcomeNotice, SettingsSection } from './settings-section.tsx'

const grid = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)' } })
const unit = css({ alignSelf: 'center', fontSize: 'sm', color: 'text.muted', minWidth: '6' })

type Field = keyof OpsChargeSettingsDto
type Draft = Record<Field, string>

const FIELDS: readonly Field[] = [
  'frontMoney',
  'discount',
  'platPercent',
  'settlePercent',
  'storageFeePerDay',
  'maxRate',
]

const draftOf = (charges: OpsChargeSettingsDto): Draft => ({
  frontMoney: percentTextOf(charges.frontMoney),
  discount: percentTextOf(charges.discount),
  platPercent: percentTextOf(charges.platPercent),
  settlePercent: percentTextOf(charges.settlePercent),
  storageFeePerDay: String(charges.storageFeePerDay),
  maxRate: charges.maxRate === null ? '' : String(charges.maxRate),
})

const isPercent = (field: Field): field is PercentCharge =>
  (PERCENT_CHARGES as readonly string[]).includes(field)

/** A number typed in a field: digits with an optional decimal part; NaN for anything else. */
const numberOf = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)

/**
 * The draft as the call's body, or the field errors. Percentages are read exactly (four decimals of
 * a percent are the fraction's six); anything the schema refuses is said under its field.
 */
function bodyOf(draft: Draft): { body: OpsChargeSettingsDto } | { errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {}
  const value = (field: Field): number | null => {
    const text = draft[field].trim()
    if (field === 'maxRate' && text === '') return null
    if (isPercent(field)) {
      const fraction = fractionOfPercentText(text)
      if (fraction !== undefined) return fraction
      errors[field] = settingsMessageText(
        /^\d+\.\d{5,}$/.test(text)
          ? SettingsMessage.decimals
          : field === 'platPercent' || field === 'settlePercent'
            ? SettingsMessage.closedFraction
            : SettingsMessage.openFraction,
      )
      return Number.NaN
    }
    return numberOf(text)
  }
  const candidate = Object.fromEntries(FIELDS.map((field) => [field, value(field)]))
  if (Object.keys(errors).length > 0) return { errors }
  const parsed = v.safeParse(opsChargeSettingsBody, candidate)
  if (parsed.success) return { body: parsed.output }
  for (const issue of parsed.issues) {
    const field = v.getDotPath(issue) as Field | null
    if (field && !errors[field]) errors[field] = settingsMessageText(issue.message)
  }
  return { errors }
}

/**
 * The charges (backoffice §5, spec §3 'Charge settings'): the deposit share, the member discount, the
 * platform and settlement fees as percentages, the daily storage fee in yen and the highest rate a
 * payment converts at. A change reaches orders created afterwards; placed orders keep their amounts.
 */
export function ChargesSection() {
  return (
    <SettingsSection
      loadKey="ops-charges"
      load={getCharges}
      title={<Trans>费用设置</Trans>}
      hint={<Trans>修改只对之后创建的订单生效；已下的订单保留下单时的定金和费用。</Trans>}
    >
      {(current, reload) => <ChargesForm current={current} onSaved={reload} />}
    </SettingsSection>
  )
}

function ChargesForm(props: { current: OpsChargeSettingsDto; onSaved: () => void }) {
  const { t } = useLingui()
  const [draft, setDraft] = useState(() => draftOf(props.current))
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [saving, setSaving] = useState(false)
  const [outcome, setOutcome] = useState<SaveOutcome>()
  const initial = draftOf(props.current)
  const changed = FIELDS.some((field) => draft[field].trim() !== initial[field])
  const edit = (field: Field) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setOutcome(undefined)
    const result = bodyOf(draft)
    if ('errors' in result) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    setSaving(true)
    try {
      setDraft(draftOf(await saveCharges(result.body)))
      setOutcome({ tone: 'info', text: t`费用设置已保存，之后创建的订单将使用新的设置。` })
      props.onSaved()
    } catch (error) {
      const failure = settingsFailureOf(error, FIELDS)
      setErrors(failure.fields)
      if (failure.message) setOutcome({ tone: 'error', text: failure.message })
    } finally {
      setSaving(false)
    }
  }

  const percentField = (field: PercentCharge, label: string, hint: string) => (
    <FormField
      label={label}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      value={draft[field]}
      error={errors[field]}
      onChange={edit(field)}
      addon={
        <span className={unit} aria-hidden="true">
          %
        </span>
      }
    />
  )

  return (
    <form onSubmit={save} noValidate aria-label={t`费用设置`} aria-busy={saving}>
      <div className={grid}>
        {percentField(
          'frontMoney',
          t`定金比例`,
          t`下单时先付的货款比例，大于 0% 且不超过 100%，最多 4 位小数。`,
        )}
        {percentField(
          'discount',
          t`会员折扣（支付比例）`,
          t`参与折扣的商品会员按此比例付款，例如 90% 即九折；大于 0% 且不超过 100%。`,
        )}
        {percentField('platPercent', t`平台服务费`, t`按货款收取，0% 到 100%，最多 4 位小数。`)}
        {percentField('settlePercent', t`结算手续费`, t`按货款加平台服务费收取，0% 到 100%，最多 4 位小数。`)}
        <FormField
          label={t`每日仓储费`}
          hint={t`超期未申请打包或未付运费时每天收取的日元，0 到 100,000 的整数。`}
          inputMode="numeric"
          autoComplete="off"
          value={draft.storageFeePerDay}
          error={errors.storageFeePerDay}
          onChange={edit('storageFeePerDay')}
          addon={
            <span className={unit} aria-hidden="true">
              ¥
            </span>
          }
        />
        <FormField
          label={t`最高汇率（人民币/日元）`}
          hint={t`付款换算人民币时使用的最高汇率；留空表示不设置。大于 0，最多 6 位小数。`}
          inputMode="decimal"
          autoComplete="off"
          value={draft.maxRate}
          error={errors.maxRate}
          onChange={edit('maxRate')}
        />
      </div>
      <SaveOutcomeNotice outcome={outcome} />
      <div className={css({ mt: '3', display: 'flex', gap: '2' })}>
        <Button type="submit" disabled={saving || !changed}>
          {saving ? <Trans>正在保存…</Trans> : <Trans>保存费用设置</Trans>}
        </Button>
        <Button
          variant="ghost"
          disabled={saving || !changed}
          onClick={() => {
            setDraft(draftOf(props.current))
            setErrors({})
            setOutcome(undefined)
          }}
        >
          <Trans>还原</Trans>
        </Button>
      </div>
    </form>
  )
}
