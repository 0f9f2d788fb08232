import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { fieldControl, fieldErrorText } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { ResultCode } from '../../../domain/result-code.ts'
import type { VipLevel } from '../../../domain/tiers.ts'
import { MAX_VIP_LEVELS } from '../../../domain/vip-levels-editor.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { fieldErrorsOf } from '../../../lib/validation-text.ts'
import { getVipLevels } from '../../account/api/get-vip-levels.ts'
import { saveVipLevels } from '../api/save-vip-levels.ts'
import { useLoaded } from '../use-loaded.ts'
import { checkLevels, type LevelField, type LevelRow, rowErrorsOf, rowsOf } from '../vip-levels-draft.ts'
import { failureText, LoadFailure, LoadingBlock } from './load-state.tsx'
import { amountCell, card, mutedText, section, sectionTitle, table, tableScroll } from './ops-table.ts'
import { TierJobPanel } from './tier-job.tsx'

const inputRow = css({ display: 'flex', alignItems: 'center', gap: '2' })
const numberInput = css({ maxWidth: '10rem', textAlign: 'end' })
const unit = css({ fontSize: 'sm', color: 'text.muted', minWidth: '4' })
const buttons = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2' })

/**
 * The membership levels (spec §4 'Tier label'; flows §7 settings): each level's points rate, in
 * percent, and the month's spending that earns it. The monthly tier job applies them; members keep
 * their rate until it runs.
 */
export function VipLevelsEditor() {
  const id = useId()
  const { loaded, reload } = useLoaded('vip-levels', () => getVipLevels({ systemNotify: false }))
  return (
    <section className={section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={sectionTitle}>
        <Trans>会员等级</Trans>
      </h2>
      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' ? <LevelsForm current={loaded.data} /> : null}
      <TierJobPanel />
    </section>
  )
}

function LevelsForm(props: { current: VipLevel[] }) {
  const { t } = useLingui()
  const id = useId()
  const [rows, setRows] = useState<LevelRow[]>(() => rowsOf(props.current))
  const [nextKey, setNextKey] = useState(rows.length + 1)
  const [shown, setShown] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string | undefined>>({})
  const [saving, setSaving] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string }>()
  const check = checkLevels(rows)
  const errorOf = (key: string) => serverErrors[key] ?? (shown ? check.errors[key] : undefined)

  const edit = (key: number, field: LevelField, value: string) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)))
    setServerErrors((current) => ({ ...current, [`${key}:${field}`]: undefined, levels: undefined }))
  }
  const add = () => {
    setRows((current) => [...current, { key: nextKey, percent: current.at(-1)?.percent ?? '', spend: '' }])
    setNextKey((key) => key + 1)
    setServerErrors({})
  }
  const remove = (key: number) => {
    setRows((current) => current.filter((row) => row.key !== key))
    setServerErrors({})
  }

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setShown(true)
    setOutcome(undefined)
    if (!check.levels) return
    setSaving(true)
    try {
      const saved = await saveVipLevels({ levels: check.levels })
      setRows(rowsOf(saved))
      setNextKey(saved.length + 1)
      setShown(false)
      setOutcome({ tone: 'info', text: t`会员等级已保存，下次运行会员等级任务时生效。` })
    } catch (error) {
      const fields =
        error instanceof ApiFailure && error.code === ResultCode.invalidInput ? fieldErrorsOf(error) : {}
      const errors = rowErrorsOf(fields, rows)
      setServerErrors(errors)
      if (Object.keys(errors).length === 0) {
        setOutcome({ tone: 'error', text: failureText(error) ?? t`保存失败，请稍后再试` })
      }
    } finally {
      setSaving(false)
    }
  }

  const listError = errorOf('levels')
  return (
    <form className={card} onSubmit={(event) => void save(event)} noValidate aria-label={t`会员等级`}>
      <p className={mutedText}>
        <Trans>
          每月 1 日（日本时间），系统按会员上个月的消费金额设置等级：达到门槛的最高一级。等级 1 的门槛须为
          0；门槛须逐级提高，积分比例不能低于上一级。
        </Trans>
      </p>
      <div className={tableScroll}>
        <table className={table} aria-label={t`会员等级列表`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>等级</Trans>
              </th>
              <th scope="col" className={amountCell}>
                <Trans>积分比例</Trans>
              </th>
              <th scope="col" className={amountCell}>
                <Trans>上月消费门槛</Trans>
              </th>
              <th scope="col">
                <Trans>操作</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const level = index + 1
              const rateError = errorOf(`${row.key}:percent`)
              const spendError = errorOf(`${row.key}:spend`)
              return (
                <tr key={row.key}>
                  <th scope="row">VIP {level}</th>
                  <td className={amountCell}>
                    <span className={inputRow}>
                      <input
                        className={cx(fieldControl, numberInput)}
                        inputMode="decimal"
                        aria-label={t`等级 ${level} 的积分比例（%）`}
                        value={row.percent}
                        disabled={saving}
                        aria-invalid={rateError ? true : undefined}
                        aria-describedby={rateError ? `${id}-${row.key}-rate` : undefined}
                        onChange={(event) => edit(row.key, 'percent', event.target.value)}
                      />
                      <span className={unit}>%</span>
                    </span>
                    {rateError ? (
                      <p id={`${id}-${row.key}-rate`} className={fieldErrorText}>
                        {rateError}
                      </p>
                    ) : null}
                  </td>
                  <td className={amountCell}>
                    <span className={inputRow}>
                      <span className={unit}>¥</span>
                      <input
                        className={cx(fieldControl, numberInput)}
                        inputMode="numeric"
                        aria-label={t`等级 ${level} 的上月消费门槛（日元）`}
                        value={row.spend}
                        disabled={saving}
                        aria-invalid={spendError ? true : undefined}
                        aria-describedby={spendError ? `${id}-${row.key}-spend` : undefined}
                        onChange={(event) => edit(row.key, 'spend', event.target.value)}
                      />
                    </span>
                    {spendError ? (
                      <p id={`${id}-${row.key}-spend`} className={fieldErrorText}>
                        {spendError}
                      </p>
                    ) : null}
                  </td>
                  <td>
                    {rows.length > 1 ? (
                      <Button variant="ghost" disabled={saving} onClick={() => remove(row.key)}>
                        {t`删除等级 ${level}`}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {listError ? (
        <p role="alert" className={fieldErrorText}>
          {listError}
        </p>
      ) : null}
      {outcome ? (
        <Notice
          tone={outcome.tone}
          title={outcome.tone === 'error' ? <Trans>未保存</Trans> : <Trans>已保存</Trans>}
        >
          {outcome.text}
        </Notice>
      ) : null}
      <div className={buttons}>
        <Button variant="secondary" disabled={saving || rows.length >= MAX_VIP_LEVELS} onClick={add}>
          <Trans>添加等级</Trans>
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <Trans>正在保存…</Trans> : <Trans>保存会员等级</Trans>}
        </Button>
      </div>
    </form>
  )
}
