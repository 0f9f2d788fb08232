import { compareRatio, decimalText, ratioOf, scaleRatio } from './ratio.ts'

/**
 * A membership level (spec §3 'vipList': vip and scoreRate). `minMonthlySpend` is ours: the spec
 * says monthly spending sets the tier but not how, so each level names the month's spending in yen
 * that earns it.
 */
export interface VipLevel {
  vip: number
  scoreRate: number
  minMonthlySpend: number
}

export interface TierInput {
  role: number
  scoreSwitch: boolean
  vipList: readonly Pick<VipLevel, 'vip' | 'scoreRate'>[]
  /** The user's own points rate. */
  scoreRate: number
  /** When the current tier ends (shop date), if it ends. */
  scoreTime: string | null
}

export type TierLabel =
  | { kind: 'svip'; validity: 'longTerm' }
  | { kind: 'vip'; level: number; expires: string | null }
  | { kind: 'none' }

/** Only members (roles 1 and 2) carry a tier label (spec §4 'Tier label'). */
export const TIER_ROLES: readonly number[] = [1, 2]

/**
 * Switch off: SVIP, valid long-term. Switch on: 'VIP n' for the level whose rate equals the user's
 * (compared as exact decimals), expiring at scoreTime; no matching level shows no label.
 */
export function tierLabel(input: TierInput): TierLabel {
  if (!TIER_ROLES.includes(input.role)) return { kind: 'none' }
  if (!input.scoreSwitch) return { kind: 'svip', validity: 'longTerm' }
  const own = ratioOf(input.scoreRate)
  const level = input.vipList.find((entry) => compareRatio(ratioOf(entry.scoreRate), own) === 0)
  return level ? { kind: 'vip', level: level.vip, expires: input.scoreTime || null } : { kind: 'none' }
}

/** The tier label's text: 'SVIP' or 'VIP 2' (the same in every language). */
export function tierName(label: TierLabel): string | undefined {
  if (label.kind === 'svip') return 'SVIP'
  if (label.kind === 'vip') return `VIP ${label.level}`
  return undefined
}

/** A points rate as a percentage, exactly: 0.01 → '1%', 0.015 → '1.5%' (spec §9: rate × 100 %). */
export function ratePercentText(rate: number): string {
  return `${decimalText(scaleRatio(ratioOf(rate), 100n))}%`
}

/** The level a month's spending earns: the one with the highest threshold the spending reaches. */
export function levelForMonthlySpend(
  monthlySpend: number,
  levels: readonly VipLevel[],
): VipLevel | undefined {
  let best: VipLevel | undefined
  for (const level of levels) {
    if (monthlySpend >= level.minMonthlySpend && (!best || level.minMonthlySpend > best.minMonthlySpend))
      best = level
  }
  return best
}

/**
 * The shop's first membership levels: migration 0010 seeds vip_levels with them, and operators edit
 * them from there (GET /mall/vip/list reads the table). Level 1 earns the default points rate, so every
 * member starts there; higher levels follow the month's spending.
 */
export const VIP_LEVELS: readonly VipLevel[] = [
  { vip: 1, scoreRate: 0.01, minMonthlySpend: 0 },
  { vip: 2, scoreRate: 0.015, minMonthlySpend: 100_000 },
  { vip: 3, scoreRate: 0.02, minMonthlySpend: 300_000 },
]
