import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { FormField } from '../../../../components/ui/form-field.tsx'
import { fenText, rmbEstimateFen } from '../../../../domain/price-display.ts'
import { type OpsRateDto, opsRateBody } from '../../../../domain/settings-ops.ts'
import { getRate, saveRate } from '../api/rate.ts'
import { settingsFailureOf, settingsMessageText } from '../settings-text.ts'
import { type SaveOutcome, SaveOutcomeNotice, SettingsSection } from './settings-section.tsx'

/** The example's amount in yen. */
const EXAMPLE_YEN = 10_000

const example = css({ fontSize: 'sm', fontVariantNumeric: 'tabular-nums' })

/** A rate typed in the field, checked as the server checks it; the phrase of what is wrong otherwise. */
function rateOf(text: string): { rate: number } | { error: string } {
  const trimmed = text.trim()
  const parsed = v.safeParse(opsRateBody, {
    rate: /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN,
  })
  if (parsed.success) return parsed.output
  return { error: settingsMessageText(parsed.issues[0]?.message ?? '') }
}

/**
 * The renminbi rate (backoffice §5): renminbi per yen, shown to shoppers in the home page's hint and
 * the renminbi estimates beside prices. Saved, it shows at once.
 */
export function RateSection() {
  return (
    <SettingsSection
      loadKey="ops-rate"
      load={getRate}
      title={<Trans>人民币汇率</Trans>}
      hint={<Trans>1 日元可换多少人民币；显示在首页的汇率提示和商品价格旁的人民币估算中，仅供参考。</Trans>}
    >
      {(current, reload) => <RateForm current={current} onSaved={reload} />}
    </SettingsSection>
  )
}

function RateForm(props: { current: OpsRateDto; onSaved: () => void }) {
  const { t } = useLingui()
  const [text, setText] = useState(props.current.rate === null ? '' : String(props.current.rate))
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)
  const [outcome, setOutcome] = useState<SaveOutcome>()
  const checked = rateOf(text)
  const preview = 'rate' in checked ? fenText(rmbEstimateFen(EXAMPLE_YEN, checked.rate)) : undefined
  const changed = 'rate' in checked ? checked.rate !== props.current.rate : text.trim() !== ''

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setOutcome(undefined)
    if ('error' in checked) {
      setError(checked.error)
      return
    }
    setError(undefined)
    setSaving(true)
    try {
      const saved = await saveRate({ rate: checked.rate })
      setText(saved.rate === null ? '' : String(saved.rate))
      setOutcome({ tone: 'info', text: t`汇率已保存，顾客页面立即使用新汇率。` })
      props.onSaved()
    } catch (failed) {
      const failure = settingsFailureOf(failed, ['rate'])
      setError(failure.fields.rate)
      if (failure.message) setOutcome({ tone: 'error', text: failure.message })
    } finally {
      setSaving(false)
    }
  }

  return (
    <form onSubmit={save} noValidate aria-label={t`人民币汇率`} aria-busy={saving}>
      <FormField
        label={t`汇率（人民币/日元）`}
        hint={t`大于 0 且小于 10,000，最多 6 位小数，例如 0.048。`}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.target.value)
          setError(undefined)
        }}
      />
      <p className={example} aria-live="polite">
        {props.current.rate === null && text.trim() === '' ? (
          <Trans>尚未设置汇率：顾客看不到人民币估算。</Trans>
        ) : preview === undefined ? (
          <Trans>输入有效的汇率后显示换算示例。</Trans>
        ) : (
          <Trans>示例：¥10,000 日元 ≈ ¥{preview} 人民币</Trans>
        )}
      </p>
      <SaveOutcomeNotice outcome={outcome} />
      <div className={css({ mt: '3' })}>
        <Button type="submit" disabled={saving || !changed}>
          {saving ? <Trans>正在保存…</Trans> : <Trans>保存汇率</Trans>}
        </Button>
      </div>
    </form>
  )
}
