/**
 * A small seeded pseudo-random generator (mulberry32) for demo data: the same seed always gives the
 * same sequence, on every platform, so the demo catalog is reproducible. Not for anything secret.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number
  /** A float in [min, max). */
  float(min: number, max: number): number
  /** True with the given probability (0–1). */
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** One item, chosen with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T
  /** A shuffled copy (Fisher–Yates); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[]
  /** `count` distinct items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[]
}

/** Murmur3's finaliser: spreads nearby integers (seed, seed + 1, …) over the whole 32-bit range. */
export function mix32(value: number): number {
  let h = value | 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** A seed for the `index`-th item of a stream, so any item can be generated without its predecessors. */
export function deriveSeed(seed: number, index: number): number {
  return mix32(mix32(seed) ^ mix32(index + 0x9e3779b9))
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick from an empty list')
    return items[int(0, items.length - 1)] as T
  }
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i)
      const swap = copy[i] as T
      copy[i] = copy[j] as T
      copy[j] = swap
    }
    return copy
  }
  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick,
    weighted<T>(items: readonly (readonly [T, number])[]): T {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0)
      let roll = next() * total
      for (const [item, weight] of items) {
        roll -= weight
        if (roll < 0) return item
      }
      const last = items[items.length - 1]
      if (!last) throw new RangeError('weighted pick from an empty list')
      return last[0]
    },
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, Math.max(0, count)),
  }
}
