import { t } from '@lingui/core/macro'
import * as v from 'valibot'
import { decimalText, ratioOf, scaleRatio } from '../../domain/ratio.ts'
import type { VipLevel } from '../../domain/tiers.ts'
import { MAX_MONTHLY_SPEND, VipLevelsMessage, vipLevelsBody } from '../../domain/vip-levels-editor.ts'
import { validationText } from '../../lib/validation-text.ts'

/* The membership levels as the editor holds them: typed text per row, checked with the server's schema. */

/** One level being edited; its number is its place in the list. `key` stays with the row when others go. */
export interface LevelRow {
  key: number
  /** The points rate in percent, as typed: '1.5' for 0.015. */
  percent: string
  /** The month's spending in yen that earns the level, as typed. */
  spend: string
}

export type LevelField = 'percent' | 'spend'

export interface LevelsCheck {
  /** The body to PUT; undefined while anything is wrong. */
  levels: VipLevel[] | undefined
  /** Errors in words by `${row key}:${field}`, and the list's own under 'levels'. */
  errors: Record<string, string>
}

type VipPhrase = (typeof VipLevelsMessage)[keyof typeof VipLevelsMessage]

// Typed by the schema's phrases, so one added there fails to compile until it has words here.
const LEVELS_TEXT: Record<VipPhrase, () => string> = {
  [VipLevelsMessage.levels]: () => t`须为 1 到 10 个等级`,
  [VipLevelsMessage.vip]: () => t`等级须按 1、2、3 … 顺序编号`,
  [VipLevelsMessage.scoreRate]: () => t`须为 0% 到 100% 之间，最多两位小数`,
  [VipLevelsMessage.rateOrder]: () => t`不能低于上一级的积分比例`,
  [VipLevelsMessage.minMonthlySpend]: () => t`须为 0 到 ${MAX_MONTHLY_SPEND} 日元的整数`,
  [VipLevelsMessage.firstSpend]: () => t`等级 1 的门槛须为 0，这样每位会员都有等级`,
  [VipLevelsMessage.spendOrder]: () => t`须高于上一级的门槛`,
}

export function levelsMessageText(message: string): string {
  const own = Object.hasOwn(LEVELS_TEXT, message) ? LEVELS_TEXT[message as VipPhrase] : undefined
  return own ? own() : validationText(message)
}

/** A rate in percent, exactly: 0.015 → '1.5'. */
export function percentOf(rate: number): string {
  return decimalText(scaleRatio(ratioOf(rate), 100n))
}

/**
 * The rate a typed percentage spells, exactly: '1.1' → 0.011 (not 1.1 / 100 = 0.011000000000000001).
 * NaN when it is not a plain decimal, so the schema refuses it.
 */
export function rateOf(percent: string): number {
  const text = percent.trim()
  if (!/^\d{1,3}(\.\d{1,8})?$/.test(text)) return Number.NaN
  const ratio = ratioOf(text)
  return Number(decimalText({ num: ratio.num, den: ratio.den * 100n }))
}

const spendOf = (text: string) => (/^\d{1,12}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)

export function rowsOf(levels: readonly VipLevel[]): LevelRow[] {
  return [...levels]
    .sort((a, b) => a.vip - b.vip)
    .map((level, index) => ({
      key: index + 1,
      percent: percentOf(level.scoreRate),
      spend: String(level.minMonthlySpend),
    }))
}

const FIELD_OF: Record<string, LevelField> = { scoreRate: 'percent', minMonthlySpend: 'spend' }

/**
 * Refusals by `levels.{i}.{field}` (the schema's or the server's) on the rows' inputs; the rest under
 * 'levels'. Messages are translated here.
 */
export function rowErrorsOf(
  fields: Record<string, string>,
  rows: readonly LevelRow[],
): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const [path, message] of Object.entries(fields)) {
    const match = /^levels\.(\d+)\.(\w+)$/.exec(path)
    const row = match ? rows[Number(match[1])] : undefined
    const field = match ? FIELD_OF[match[2] ?? ''] : undefined
    const key = row && field ? `${row.key}:${field}` : 'levels'
    errors[key] ??= levelsMessageText(message)
  }
  return errors
}

/** The levels as the PUT sends them, numbered by their place, checked with the server's own schema. */
export function checkLevels(rows: readonly LevelRow[]): LevelsCheck {
  const levels = rows.map((row, index) => ({
    vip: index + 1,
    scoreRate: rateOf(row.percent),
    minMonthlySpend: spendOf(row.spend),
  }))
  const result = v.safeParse(vipLevelsBody, { levels })
  if (result.success) return { levels: result.output.levels, errors: {} }
  const fields: Record<string, string> = {}
  for (const issue of result.issues) fields[v.getDotPath(issue) ?? 'levels'] ??= issue.message
  return { levels: undefined, errors: rowErrorsOf(fields, rows) }
}
