import * as v from 'valibot'
import { orRequired, payloadObject } from './fields.ts'
import { compareRatio, ratioOf } from './ratio.ts'
import type { VipLevel } from './tiers.ts'

/* The operators' level editor: PUT /api/ops/settings/vip-levels { levels }. */

/** The English phrases of the editor's 400s (`${field}: ${message}`), like ShippingEditorMessage's. */
export const VipLevelsMessage = {
  levels: 'must be 1 to 10 levels',
  vip: 'must number the levels 1, 2, 3 … in order',
  scoreRate: 'must be a rate from 0 to 1 with at most 4 decimals',
  rateOrder: 'must not be lower than the previous level’s rate',
  minMonthlySpend: 'must be a whole number of yen from 0 to 1000000000',
  firstSpend: 'must be 0 for level 1, so every member has a level',
  spendOrder: 'must be more than the previous level’s',
} as const

export const MAX_VIP_LEVELS = 10
/** The highest threshold an operator may set (¥1bn): far above any month, well inside the column. */
export const MAX_MONTHLY_SPEND = 1_000_000_000

/** At most 4 decimals (0.0125 yes, 0.00125 no): the rates are percentages to two decimals at most. */
function hasAtMostFourDecimals(rate: number): boolean {
  try {
    return 10_000n % ratioOf(rate).den === 0n
  } catch {
    return false
  }
}

const levelEntry = payloadObject({
  vip: v.pipe(
    v.number(orRequired(VipLevelsMessage.vip)),
    v.integer(VipLevelsMessage.vip),
    // The list's length caps the numbers (each is its place in the list).
    v.minValue(1, VipLevelsMessage.vip),
  ),
  scoreRate: v.pipe(
    v.number(orRequired(VipLevelsMessage.scoreRate)),
    v.minValue(0, VipLevelsMessage.scoreRate),
    v.maxValue(1, VipLevelsMessage.scoreRate),
    v.check(hasAtMostFourDecimals, VipLevelsMessage.scoreRate),
  ),
  minMonthlySpend: v.pipe(
    v.number(orRequired(VipLevelsMessage.minMonthlySpend)),
    v.integer(VipLevelsMessage.minMonthlySpend),
    v.minValue(0, VipLevelsMessage.minMonthlySpend),
    v.maxValue(MAX_MONTHLY_SPEND, VipLevelsMessage.minMonthlySpend),
  ),
})

/** Why a level breaks the order of the list, if it does: the field to name and the phrase. */
function orderIssue(
  level: VipLevel,
  index: number,
  previous: VipLevel | undefined,
): [keyof VipLevel, string] | undefined {
  if (level.vip !== index + 1) return ['vip', VipLevelsMessage.vip]
  if (!previous)
    return level.minMonthlySpend === 0 ? undefined : ['minMonthlySpend', VipLevelsMessage.firstSpend]
  if (level.minMonthlySpend <= previous.minMonthlySpend)
    return ['minMonthlySpend', VipLevelsMessage.spendOrder]
  if (compareRatio(ratioOf(level.scoreRate), ratioOf(previous.scoreRate)) < 0)
    return ['scoreRate', VipLevelsMessage.rateOrder]
  return undefined
}

/**
 * The whole list of levels, replacing the table: numbered 1..n in order, level 1 open to every member
 * (threshold 0), thresholds strictly rising and rates never falling, so more spending never earns less.
 * A broken order names the level's field (`levels.2.minMonthlySpend`).
 */
export const vipLevelsBody = payloadObject({
  levels: v.pipe(
    v.array(levelEntry, orRequired(VipLevelsMessage.levels)),
    v.minLength(1, VipLevelsMessage.levels),
    v.maxLength(MAX_VIP_LEVELS, VipLevelsMessage.levels),
    v.rawCheck(({ dataset, addIssue }) => {
      // Only a list whose every level read well is checked for order (a bad level already has its 400).
      if (!dataset.typed || dataset.issues) return
      const levels = dataset.value
      levels.forEach((level, index) => {
        const issue = orderIssue(level, index, levels[index - 1])
        if (!issue) return
        const [key, message] = issue
        addIssue({
          message,
          path: [
            { type: 'array', origin: 'value', input: levels, key: index, value: level },
            { type: 'object', origin: 'value', input: level, key, value: level[key] },
          ],
        })
      })
    }),
  ),
})
export type VipLevelsBody = v.InferOutput<typeof vipLevelsBody>
