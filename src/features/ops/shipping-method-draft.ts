import { t } from '@lingui/core/macro'
import * as v from 'valibot'
import type { BillingRule, Carrier, SizeRule } from '../../domain/shipping.ts'
import {
  EDITOR_MAX_ZONE,
  type ShippingMethodAdminDto,
  shippingMethodsBody,
} from '../../domain/shipping-editor.ts'
import { editorMessageText } from './shipping-editor-text.ts'

/*
 * The shipping-method editor's form (flows §7): a method as typed (numbers as text), turned back into
 * the PUT's method with the client's own checks. Errors are keyed by what the form shows: a field's
 * path (`name.zhCn`, `maxWeightG`) or a row's (`dest:{key}:zone`, `rate:{key}:fee`), so the server's
 * `methods.0.rates.3.fee` lands next to the row it names.
 */

export interface DestinationRow {
  key: number
  country: string
  zone: string
  available: boolean
}

export interface RateRow {
  key: number
  zone: number
  upToG: string
  fee: string
}

export interface MethodDraft {
  id: number
  code: string
  sortOrder: string
  name: { zhCn: string; ja: string; en: string }
  carrier: Carrier
  minWeightG: string
  maxWeightG: string
  sizeRule: SizeRule
  billingRule: BillingRule
  stepG: string
  tracked: boolean
  active: boolean
  note: string
  destinations: DestinationRow[]
  rates: RateRow[]
}

export type DraftErrors = Record<string, string>

export function draftOf(method: ShippingMethodAdminDto): MethodDraft {
  let key = 0
  return {
    id: method.id,
    code: method.code,
    sortOrder: String(method.sortOrder),
    name: { zhCn: method.name.zhCn, ja: method.name.ja, en: method.name.en },
    carrier: method.carrier,
    minWeightG: String(method.minWeightG),
    maxWeightG: String(method.maxWeightG),
    sizeRule: method.sizeRule,
    billingRule: method.billingRule,
    stepG: String(method.stepG),
    tracked: method.tracked,
    active: method.active,
    note: method.note ?? '',
    destinations: method.destinations.map((d) => {
      key += 1
      return { key, country: d.country, zone: String(d.zone), available: d.available }
    }),
    rates: [...method.rates]
      .sort((a, b) => a.zone - b.zone || a.upToG - b.upToG)
      .map((r) => {
        key += 1
        return { key, zone: r.zone, upToG: String(r.upToG), fee: String(r.fee) }
      }),
  }
}

/** The next row key of a draft: larger than any in use. */
export function nextRowKey(draft: MethodDraft): number {
  return Math.max(0, ...draft.destinations.map((d) => d.key), ...draft.rates.map((r) => r.key)) + 1
}

/** The zones the draft speaks of, ascending: its destinations' (as typed, when whole numbers) and its bands'. */
export function zonesOf(draft: MethodDraft): number[] {
  const zones = new Set(draft.rates.map((r) => r.zone))
  for (const d of draft.destinations) {
    const zone = wholeFrom(d.zone, 1, EDITOR_MAX_ZONE)
    if (zone !== undefined) zones.add(zone)
  }
  return [...zones].sort((a, b) => a - b)
}

function wholeFrom(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim()
  if (!/^\d{1,9}$/.test(trimmed)) return undefined
  const value = Number(trimmed)
  return value >= min && value <= max ? value : undefined
}

/** A typed number: NaN when blank or not a number, so the schema refuses it rather than reading 0. */
const numberFrom = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()))

export interface DraftCheck {
  /** The method to PUT; undefined while `errors` has anything. */
  method: ShippingMethodAdminDto | undefined
  errors: DraftErrors
  /** The form key of `destinations.{i}` and `rates.{i}` as sent, for the schema's and server's refusals. */
  destinationKeys: number[]
  rateKeys: number[]
}

/**
 * The method as the PUT sends it (bands by zone, then weight), checked with the server's own schema
 * (shippingMethodsBody); a band's weight repeated within its zone is also marked on the row.
 */
export function checkDraft(draft: MethodDraft): DraftCheck {
  const sent = draft.rates
    .map((row) => ({
      key: row.key,
      rate: { zone: row.zone, upToG: numberFrom(row.upToG), fee: numberFrom(row.fee) },
    }))
    .sort((a, b) => a.rate.zone - b.rate.zone || a.rate.upToG - b.rate.upToG)
  const method: ShippingMethodAdminDto = {
    id: draft.id,
    code: draft.code,
    name: { zhCn: draft.name.zhCn.trim(), ja: draft.name.ja.trim(), en: draft.name.en.trim() },
    carrier: draft.carrier,
    minWeightG: numberFrom(draft.minWeightG),
    maxWeightG: numberFrom(draft.maxWeightG),
    sizeRule: draft.sizeRule,
    billingRule: draft.billingRule,
    stepG: numberFrom(draft.stepG),
    tracked: draft.tracked,
    active: draft.active,
    sortOrder: numberFrom(draft.sortOrder),
    note: draft.note.trim() || null,
    destinations: draft.destinations.map((row) => ({
      country: row.country,
      zone: numberFrom(row.zone),
      available: row.available,
    })),
    rates: sent.map((each) => each.rate),
  }
  const keys = {
    destinationKeys: draft.destinations.map((row) => row.key),
    rateKeys: sent.map((each) => each.key),
  }
  const result = v.safeParse(shippingMethodsBody, { methods: [method] })
  const fields: Record<string, string> = {}
  if (!result.success) {
    for (const issue of result.issues) fields[v.getDotPath(issue) ?? ''] ??= issue.message
  }
  const errors = serverErrorsOf(fields, keys)
  const seen = new Set<string>()
  for (const { key, rate } of sent) {
    const band = `${rate.zone}:${rate.upToG}`
    if (seen.has(band) && !Number.isNaN(rate.upToG))
      errors[`rate:${key}:upToG`] ??= t`同一区域的重量上限不能重复`
    seen.add(band)
  }
  return { method: Object.keys(errors).length === 0 ? method : undefined, errors, ...keys }
}

/**
 * The server's field refusals of `methods.0.…` in the form's keys; the rest (another method, the
 * whole body) under `''`.
 */
export function serverErrorsOf(
  fields: Record<string, string>,
  check: Pick<DraftCheck, 'destinationKeys' | 'rateKeys'>,
): DraftErrors {
  const errors: DraftErrors = {}
  const add = (key: string, phrase: string) => {
    const message = editorMessageText(phrase)
    errors[key] = errors[key] ? `${errors[key]} ${message}` : message
  }
  for (const [field, message] of Object.entries(fields)) {
    const path = /^methods\.0\.(.+)$/.exec(field)?.[1]
    const row = path ? /^(destinations|rates)\.(\d+)(?:\.(\w+))?$/.exec(path) : null
    if (row) {
      const [, list, index = '', sub] = row
      const key = (list === 'rates' ? check.rateKeys : check.destinationKeys)[Number(index)]
      const prefix = list === 'rates' ? 'rate' : 'dest'
      if (key !== undefined && sub) add(`${prefix}:${key}:${sub}`, message)
      else add(list ?? '', message)
    } else if (path) {
      add(path, message)
    } else {
      add('', message)
    }
  }
  return errors
}
