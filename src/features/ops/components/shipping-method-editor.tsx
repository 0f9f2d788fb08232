import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { FormField, fieldControl, fieldErrorText, SelectField } from '../../../components/ui/form-field.tsx'
import { COUNTRIES, countryNameIn } from '../../../domain/countries.ts'
import { ResultCode } from '../../../domain/result-code.ts'
import {
  BILLING_RULES,
  type BillingRule,
  CARRIERS,
  type Carrier,
  SIZE_RULES,
  type SizeRule,
} from '../../../domain/shipping.ts'
import { EDITOR_MAX_ZONE, type ShippingMethodAdminDto } from '../../../domain/shipping-editor.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { showToast } from '../../../lib/toast.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { fieldErrorsOf } from '../../../lib/validation-text.ts'
import { saveShippingMethods } from '../api/save-shipping-methods.ts'
import { carrierText } from '../package-text.ts'
import {
  checkDraft,
  type DraftErrors,
  draftOf,
  type MethodDraft,
  nextRowKey,
  serverErrorsOf,
  zonesOf,
} from '../shipping-method-draft.ts'
import { failureText } from './load-state.tsx'
import { mutedText, sectionTitle, table, tableScroll } from './ops-table.ts'

const card = css({ bg: 'surface', border: '1px solid', borderColor: 'border', borderRadius: 'md' })
const toggle = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '3',
  width: 'full',
  px: '4',
  py: '3',
  textAlign: 'start',
  cursor: 'pointer',
  _hover: { bg: 'surface.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '-2px' },
})
const toggleName = css({ fontWeight: 'semibold' })
const chevron = css({ width: '4', color: 'text.muted' })
const inactive = css({ color: 'red.700', fontSize: 'xs', fontWeight: 'semibold' })
const body = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
  p: '4',
  borderTop: '1px solid',
  borderColor: 'border',
})
const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
  gap: '3',
  alignItems: 'start',
})
const checkRow = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', pt: '6' })
const checkbox = css({ width: '4', height: '4', cursor: 'pointer' })
const cellInput = css({ width: '28' })
const zoneBlocks = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
  gap: '3',
  alignItems: 'start',
})
const zoneBlock = css({ display: 'flex', flexDirection: 'column', gap: '2' })
const addRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '2' })
const footer = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const part = css({ display: 'flex', flexDirection: 'column', gap: '2' })
const note = css({ minHeight: '16' })

/** An input in a table cell: named by its label, its error under it. */
function CellInput({
  label,
  error,
  className,
  ...input
}: { label: string; error: string | undefined } & Omit<InputHTMLAttributes<HTMLInputElement>, 'aria-label'>) {
  const id = useId()
  return (
    <>
      <input
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(fieldControl, cellInput, className)}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className={fieldErrorText}>
          {error}
        </p>
      ) : null}
    </>
  )
}

function Part(props: { title: ReactNode; children: ReactNode }) {
  const id = useId()
  return (
    <section className={part} aria-labelledby={id}>
      <h3 id={id} className={sectionTitle}>
        {props.title}
      </h3>
      {props.children}
    </section>
  )
}

/**
 * One method, folded by default. Open, it edits the method's names, carrier, limits, rules, note,
 * destinations (zone, available) and bands per zone (up to a weight, a fee), checks them and saves
 * this method alone: PUT { methods: [it] }. A refusal naming a field is shown next to it.
 */
export function ShippingMethodEditor(props: { method: ShippingMethodAdminDto }) {
  const { t } = useLingui()
  const language = useLanguage()
  const id = useId()
  const [saved, setSaved] = useState(props.method)
  const [draft, setDraft] = useState<MethodDraft>(() => draftOf(props.method))
  const [open, setOpen] = useState(false)
  const [shown, setShown] = useState(false)
  const [serverErrors, setServerErrors] = useState<DraftErrors>({})
  const [changed, setChanged] = useState(false)
  const [busy, setBusy] = useState(false)
  const [newCountry, setNewCountry] = useState('')
  const check = checkDraft(draft)
  const errorOf = (key: string): string | undefined =>
    serverErrors[key] ?? (shown ? check.errors[key] : undefined)
  const general = [errorOf(''), errorOf('id')].filter(Boolean)

  const update = (change: (current: MethodDraft) => MethodDraft, clear: string[] = []) => {
    setDraft(change)
    setChanged(true)
    if (clear.length > 0) {
      setServerErrors((current) => {
        const next = { ...current }
        for (const key of clear) delete next[key]
        return next
      })
    }
  }
  const set = <K extends keyof MethodDraft>(field: K, value: MethodDraft[K]) =>
    update((current) => ({ ...current, [field]: value }), [field])
  const setName = (which: 'zhCn' | 'ja' | 'en', value: string) =>
    update((current) => ({ ...current, name: { ...current.name, [which]: value } }), [`name.${which}`])
  const setDestination = (key: number, change: Partial<MethodDraft['destinations'][number]>) =>
    update(
      (current) => ({
        ...current,
        destinations: current.destinations.map((row) => (row.key === key ? { ...row, ...change } : row)),
      }),
      [`dest:${key}:zone`, `dest:${key}:available`, `dest:${key}:country`],
    )
  const setRate = (key: number, change: { upToG?: string; fee?: string }) =>
    update(
      (current) => ({
        ...current,
        rates: current.rates.map((row) => (row.key === key ? { ...row, ...change } : row)),
      }),
      [`rate:${key}:upToG`, `rate:${key}:fee`],
    )
  const addRate = (zone: number) =>
    update((current) => ({
      ...current,
      rates: [...current.rates, { key: nextRowKey(current), zone, upToG: '', fee: '' }],
    }))
  const removeRate = (key: number) =>
    update((current) => ({ ...current, rates: current.rates.filter((row) => row.key !== key) }))
  const addDestination = () => {
    if (!newCountry) return
    update((current) => ({
      ...current,
      destinations: [
        ...current.destinations,
        { key: nextRowKey(current), country: newCountry, zone: '1', available: true },
      ],
    }))
    setNewCountry('')
  }
  const removeDestination = (key: number) =>
    update((current) => ({ ...current, destinations: current.destinations.filter((row) => row.key !== key) }))

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setShown(true)
    setServerErrors({})
    if (check.method === undefined) return
    setBusy(true)
    try {
      const answer = await saveShippingMethods([check.method])
      const fresh = answer.methods.find((each) => each.id === draft.id) ?? check.method
      setSaved(fresh)
      setDraft(draftOf(fresh))
      setChanged(false)
      setShown(false)
      showToast({ tone: 'success', message: t`已保存“${fresh.name[language]}”` })
    } catch (error) {
      const fields =
        error instanceof ApiFailure && error.code === ResultCode.invalidInput ? fieldErrorsOf(error) : {}
      const mapped = serverErrorsOf(fields, check)
      setServerErrors(
        Object.keys(mapped).length > 0 ? mapped : { '': failureText(error) ?? t`保存失败，请稍后再试` },
      )
    } finally {
      setBusy(false)
    }
  }
  const discard = () => {
    setDraft(draftOf(saved))
    setChanged(false)
    setShown(false)
    setServerErrors({})
  }

  const sizeRuleText: Record<SizeRule, string> = {
    ems: t`EMS / 邮政包裹：最长边 ≤ 1.5 m，长 + 周长 ≤ 3 m`,
    small: t`小型：三边之和 ≤ 90 cm，最长边 ≤ 60 cm`,
    none: t`不限尺寸`,
  }
  const billingRuleText: Record<BillingRule, string> = {
    actual: t`实际重量`,
    volumetric: t`实际重量与体积重（长×宽×高 cm ÷ 5000）取大`,
  }
  const listed = new Set(draft.destinations.map((row) => row.country))
  const addable = COUNTRIES.filter((country) => !listed.has(country.value))
  const zones = zonesOf(draft)
  const title = saved.name[language]

  return (
    <article className={card} aria-labelledby={`${id}-toggle`}>
      <h2>
        <button
          type="button"
          id={`${id}-toggle`}
          className={toggle}
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((value) => !value)}
        >
          <span className={chevron} aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className={toggleName}>{title}</span>{' '}
          <span className={mutedText}>
            {saved.code} · {carrierText(saved.carrier)}
          </span>
          {saved.active ? null : (
            <>
              {' '}
              <span className={inactive}>
                <Trans>已停用</Trans>
              </span>
            </>
          )}
          {changed ? (
            <>
              {' '}
              <span className={mutedText}>
                <Trans>（有未保存的修改）</Trans>
              </span>
            </>
          ) : null}
        </button>
      </h2>
      <form
        id={`${id}-body`}
        className={body}
        hidden={!open}
        aria-label={t`编辑运输方式：${title}`}
        onSubmit={(event) => void save(event)}
        noValidate
      >
        <Part title={<Trans>名称与规则</Trans>}>
          <div className={grid}>
            <FormField
              label={t`中文名称`}
              value={draft.name.zhCn}
              maxLength={50}
              error={errorOf('name.zhCn')}
              onChange={(event) => setName('zhCn', event.target.value)}
            />
            <FormField
              label={t`日文名称`}
              value={draft.name.ja}
              maxLength={50}
              error={errorOf('name.ja')}
              onChange={(event) => setName('ja', event.target.value)}
            />
            <FormField
              label={t`英文名称`}
              value={draft.name.en}
              maxLength={50}
              error={errorOf('name.en')}
              onChange={(event) => setName('en', event.target.value)}
            />
            <SelectField
              label={t`承运商`}
              value={draft.carrier}
              error={errorOf('carrier')}
              onChange={(event) => set('carrier', event.target.value as Carrier)}
            >
              {CARRIERS.map((code) => (
                <option key={code} value={code}>
                  {carrierText(code)}
                </option>
              ))}
            </SelectField>
            <FormField
              label={t`最小重量（克）`}
              type="number"
              min={0}
              value={draft.minWeightG}
              error={errorOf('minWeightG')}
              onChange={(event) => set('minWeightG', event.target.value)}
            />
            <FormField
              label={t`最大重量（克）`}
              type="number"
              min={1}
              value={draft.maxWeightG}
              error={errorOf('maxWeightG')}
              onChange={(event) => set('maxWeightG', event.target.value)}
            />
            <SelectField
              label={t`尺寸规则`}
              value={draft.sizeRule}
              error={errorOf('sizeRule')}
              onChange={(event) => set('sizeRule', event.target.value as SizeRule)}
            >
              {SIZE_RULES.map((rule) => (
                <option key={rule} value={rule}>
                  {sizeRuleText[rule]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t`计费规则`}
              value={draft.billingRule}
              error={errorOf('billingRule')}
              onChange={(event) => set('billingRule', event.target.value as BillingRule)}
            >
              {BILLING_RULES.map((rule) => (
                <option key={rule} value={rule}>
                  {billingRuleText[rule]}
                </option>
              ))}
            </SelectField>
            <FormField
              label={t`重量进位（克）`}
              type="number"
              min={0}
              value={draft.stepG}
              error={errorOf('stepG')}
              hint={<Trans>计费重量向上取整到此倍数；0 表示直接按档位。</Trans>}
              onChange={(event) => set('stepG', event.target.value)}
            />
            <FormField
              label={t`排序`}
              type="number"
              min={0}
              value={draft.sortOrder}
              error={errorOf('sortOrder')}
              onChange={(event) => set('sortOrder', event.target.value)}
            />
            <label className={checkRow}>
              <input
                type="checkbox"
                className={checkbox}
                checked={draft.tracked}
                onChange={(event) => set('tracked', event.target.checked)}
              />
              <Trans>可追踪</Trans>
            </label>
            <label className={checkRow}>
              <input
                type="checkbox"
                className={checkbox}
                checked={draft.active}
                onChange={(event) => set('active', event.target.checked)}
              />
              <Trans>启用（顾客可选择）</Trans>
            </label>
          </div>
          <label htmlFor={`${id}-note`} className={mutedText}>
            <Trans>备注（仅运营可见）</Trans>
          </label>
          <textarea
            id={`${id}-note`}
            className={cx(fieldControl, note)}
            value={draft.note}
            maxLength={2048}
            aria-invalid={errorOf('note') ? true : undefined}
            onChange={(event) => set('note', event.target.value)}
          />
          {errorOf('note') ? <p className={fieldErrorText}>{errorOf('note')}</p> : null}
        </Part>

        <Part title={<Trans>目的地</Trans>}>
          <div className={tableScroll}>
            <table className={table} aria-label={t`目的地：${title}`}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>国家 / 地区</Trans>
                  </th>
                  <th scope="col">
                    <Trans>区域</Trans>
                  </th>
                  <th scope="col">
                    <Trans>可寄送</Trans>
                  </th>
                  <th scope="col">
                    <Trans>操作</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {draft.destinations.map((row) => {
                  const country = countryNameIn(language, row.country)
                  return (
                    <tr key={row.key}>
                      <td>
                        {country}
                        {errorOf(`dest:${row.key}:country`) ? (
                          <p className={fieldErrorText}>{errorOf(`dest:${row.key}:country`)}</p>
                        ) : null}
                      </td>
                      <td>
                        <CellInput
                          label={t`${country}的区域`}
                          type="number"
                          min={1}
                          max={EDITOR_MAX_ZONE}
                          value={row.zone}
                          error={errorOf(`dest:${row.key}:zone`)}
                          onChange={(event) => setDestination(row.key, { zone: event.target.value })}
                        />
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          className={checkbox}
                          aria-label={t`${country}可寄送`}
                          checked={row.available}
                          onChange={(event) => setDestination(row.key, { available: event.target.checked })}
                        />
                      </td>
                      <td>
                        <Button variant="ghost" onClick={() => removeDestination(row.key)}>
                          {t`删除${country}`}
                        </Button>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          {errorOf('destinations') ? (
            <p role="alert" className={fieldErrorText}>
              {errorOf('destinations')}
            </p>
          ) : null}
          {addable.length > 0 ? (
            <div className={addRow}>
              <SelectField
                label={t`添加目的地`}
                value={newCountry}
                onChange={(event) => setNewCountry(event.target.value)}
              >
                <option value="">{t`选择国家或地区`}</option>
                {addable.map((country) => (
                  <option key={country.value} value={country.value}>
                    {countryNameIn(language, country)}
                  </option>
                ))}
              </SelectField>
              <Button variant="secondary" disabled={!newCountry} onClick={addDestination}>
                <Trans>添加</Trans>
              </Button>
            </div>
          ) : null}
        </Part>

        <Part title={<Trans>运费档位（日元）</Trans>}>
          {zones.length === 0 ? (
            <p className={mutedText}>
              <Trans>先添加目的地并填写区域，再为每个区域设置运费档位。</Trans>
            </p>
          ) : null}
          {errorOf('rates') ? (
            <p role="alert" className={fieldErrorText}>
              {errorOf('rates')}
            </p>
          ) : null}
          <div className={zoneBlocks}>
            {zones.map((zone) => {
              const rows = draft.rates.filter((row) => row.zone === zone)
              const used = draft.destinations.filter((row) => row.zone.trim() === String(zone)).length
              return (
                <div key={zone} className={zoneBlock}>
                  <div className={tableScroll}>
                    <table className={table} aria-label={t`区域 ${zone} 的运费`}>
                      <caption className={mutedText}>
                        <Trans>
                          区域 {zone}（{used} 个目的地）
                        </Trans>
                      </caption>
                      <thead>
                        <tr>
                          <th scope="col">
                            <Trans>不超过（克）</Trans>
                          </th>
                          <th scope="col">
                            <Trans>运费（日元）</Trans>
                          </th>
                          <th scope="col">
                            <span className={mutedText}>
                              <Trans>操作</Trans>
                            </span>
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((row, index) => {
                          const band = index + 1
                          return (
                            <tr key={row.key}>
                              <td>
                                <CellInput
                                  label={t`区域 ${zone} 第 ${band} 档重量上限（克）`}
                                  type="number"
                                  min={1}
                                  value={row.upToG}
                                  error={errorOf(`rate:${row.key}:upToG`) ?? errorOf(`rate:${row.key}:zone`)}
                                  onChange={(event) => setRate(row.key, { upToG: event.target.value })}
                                />
                              </td>
                              <td>
                                <CellInput
                                  label={t`区域 ${zone} 第 ${band} 档运费（日元）`}
                                  type="number"
                                  min={0}
                                  value={row.fee}
                                  error={errorOf(`rate:${row.key}:fee`)}
                                  onChange={(event) => setRate(row.key, { fee: event.target.value })}
                                />
                              </td>
                              <td>
                                <Button variant="ghost" onClick={() => removeRate(row.key)}>
                                  {t`删除区域 ${zone} 第 ${band} 档`}
                                </Button>
                              </td>
                            </tr>
                          )
                        })}
                      </tbody>
                    </table>
                  </div>
                  <div>
                    <Button variant="secondary" onClick={() => addRate(zone)}>
                      {t`区域 ${zone} 添加一档`}
                    </Button>
                  </div>
                </div>
              )
            })}
          </div>
        </Part>

        {general.length > 0 || (shown && check.method === undefined) ? (
          <div role="alert" className={fieldErrorText}>
            {general.length > 0 ? general.join(' ') : <Trans>请先改正标出的内容。</Trans>}
          </div>
        ) : null}
        <div className={footer}>
          <Button type="submit" disabled={busy || !changed}>
            {busy ? <Trans>正在保存…</Trans> : <Trans>保存此运输方式</Trans>}
          </Button>
          <Button variant="ghost" disabled={busy || !changed} onClick={discard}>
            <Trans>放弃修改</Trans>
          </Button>
        </div>
      </form>
    </article>
  )
}
