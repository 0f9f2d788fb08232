import { PRODUCT_TYPES, ProductType } from '../../../src/domain/product-type.ts'
import { DEMO_PRODUCT_IMAGES_BY_SHAPE } from './demo-images.ts'
import {
  type DemoAnnouncement,
  type DemoArticle,
  type DemoBanner,
  demoAnnouncements,
  demoArticles,
  demoBanners,
} from './demo-pages.ts'
import {
  CAST_SIZE,
  CHARACTER_NAMES,
  EDITIONS,
  type ItemKind,
  SERIES_NAMES,
  TOP_CATEGORIES,
  volumeWords,
  type Words,
} from './demo-words.ts'
import { createRandom, deriveSeed, type Random } from './random.ts'

/**
 * The demo catalog: a pure function of (seed, today). Products are generated one index at a time from
 * a seed derived from (seed, index), so batches stream in constant memory and any range of indexes can
 * be generated on its own (which is how a seeded database is grown for benchmarks).
 */

export const DEFAULT_DEMO_SEED = 7140
export const DEFAULT_DEMO_PRODUCTS = 320
export const DEMO_PRODUCT_BATCH_SIZE = 1000

export interface DemoCategory {
  id: number
  parentId: number | null
  name: string
  jpName: string
  enName: string
  sort: number
}

export interface DemoSeries {
  id: number
  name: string
  jpName: string
  enName: string
  hotRank: number | null
  sort: number
}

export interface DemoProduct {
  itemNo: string
  janCode: string
  boxBarcode: string | null
  productName: string
  jpProductName: string
  enProductName: string
  type: SellableType
  categoryId: number
  seriesId: number
  imgList: string[]
  sellTime: string
  preSellEndTime: Date | null
  releaseDate: string
  brandId: number
  cnAlonePrice: number
  cnBatchPrice: number
  jpAlonePrice: number
  jpBatchPrice: number
  enAlonePrice: number
  enBatchPrice: number
  isDiscount: boolean
  isFront: boolean
  boxIn: number
  orderBase: number
  stock: number
  status: 1 | 2
  hotRank: number | null
  newRank: number | null
  recommendRank: number | null
}

export interface DemoBrand {
  id: number
  name: string
  jpName: string
  enName: string
  sort: number
}

export interface DemoCatalog {
  categories: DemoCategory[]
  series: DemoSeries[]
  brands: DemoBrand[]
  banners: DemoBanner[]
  announcements: DemoAnnouncement[]
  articles: DemoArticle[]
}

const names = (words: Words) => ({ name: words.cn, jpName: words.jp, enName: words.en })

interface Leaf {
  id: number
  kind: ItemKind
  makers: readonly string[]
  /** Figures and cards dominate a Japanese goods shop's catalogue. */
  weight: number
}

// Top-level categories get ids 1..8, their children the ids after, in table order.
const LEAVES: readonly Leaf[] = TOP_CATEGORIES.flatMap((top, topIndex) =>
  top.kinds.map((kind) => ({ kind, top, topIndex })),
).map(({ kind, top, topIndex }, i) => ({
  id: TOP_CATEGORIES.length + i + 1,
  kind,
  makers: top.makers,
  weight: topIndex === 0 ? 3 : topIndex === 1 ? 2 : 1,
}))
const WEIGHTED_LEAVES = LEAVES.map((leaf) => [leaf, leaf.weight] as const)

function demoCategories(): DemoCategory[] {
  const parents = TOP_CATEGORIES.map((top, i) => ({
    id: i + 1,
    parentId: null,
    ...names(top.category),
    sort: i + 1,
  }))
  let next = TOP_CATEGORIES.length + 1
  const children = TOP_CATEGORIES.flatMap((top, parentIndex) =>
    top.kinds.map((kind, i) => ({
      id: next++,
      parentId: parentIndex + 1,
      ...names(kind.category),
      sort: i + 1,
    })),
  )
  return [...parents, ...children]
}

const HOT_SERIES_COUNT = 10

function demoSeries(random: Random): DemoSeries[] {
  const hotRanks = new Map(
    random
      .sample(
        SERIES_NAMES.map((_, i) => i),
        HOT_SERIES_COUNT,
      )
      .map((s, rank) => [s, rank + 1]),
  )
  return SERIES_NAMES.map((words, i) => ({
    id: i + 1,
    ...names(words),
    hotRank: hotRanks.get(i) ?? null,
    sort: i + 1,
  }))
}

/** Categories, series and the shop's pages; products come from `generateDemoProducts`. */
export function generateDemoCatalog(options: { seed: number; today: Date }): DemoCatalog {
  const random = createRandom(deriveSeed(options.seed, -1))
  return {
    categories: demoCategories(),
    series: demoSeries(random),
    brands: DEMO_BRANDS,
    banners: demoBanners(),
    announcements: demoAnnouncements(options.today),
    articles: demoArticles(),
  }
}

/** Every maker of the demo words is a brand (ids 1.., alphabetical); the names are Latin in every language. */
const DEMO_MAKERS: readonly string[] = [...new Set(TOP_CATEGORIES.flatMap((top) => top.makers))].sort()
const DEMO_BRANDS: DemoBrand[] = DEMO_MAKERS.map((maker, i) => ({
  id: i + 1,
  name: maker,
  jpName: maker,
  enName: maker,
  sort: i + 1,
}))
const demoBrandId = (maker: string) => DEMO_MAKERS.indexOf(maker) + 1

/** Types a product can have (every type but the "all" filter value). */
export type SellableType = Exclude<ProductType, typeof ProductType.all>

// Pre-orders and in-stock goods are the bulk of the shop; the other types are occasional.
const TYPE_WEIGHTS: readonly (readonly [SellableType, number])[] = [
  [ProductType.preSell, 30],
  [ProductType.stock, 28],
  [ProductType.add, 8],
  [ProductType.proxy, 6],
  [ProductType.againPreSell, 8],
  [ProductType.againAdd, 5],
  [ProductType.supplierStock, 7],
  [ProductType.finalMoney, 3],
  [ProductType.preSale, 5],
]

/** Types sold before release, with a deposit now and the balance on arrival. */
const DEPOSIT_TYPES: ReadonlySet<ProductType> = new Set<ProductType>([
  ProductType.preSell,
  ProductType.add,
  ProductType.againPreSell,
  ProductType.againAdd,
  ProductType.preSale,
])

/** Days from today to the sale date, per type: pre-orders ship in 1–8 months, stock went on sale earlier. */
const SELL_DAY_RANGE: Record<SellableType, readonly [number, number]> = {
  1: [30, 240],
  2: [-720, -1],
  3: [20, 180],
  4: [-60, 45],
  5: [30, 240],
  6: [20, 180],
  7: [-365, -1],
  8: [-20, 20],
  9: [30, 200],
}

const DAY_MS = 86_400_000
const TOKYO_OFFSET_MS = 9 * 3_600_000
/** Pre-orders close at 23:59:59 Tokyo time, which is 14:59:59 UTC the same day. */
const CLOSING_TIME_MS = (14 * 3600 + 59 * 60 + 59) * 1000

const isoDay = (dayMs: number) => new Date(dayMs).toISOString().slice(0, 10)

/** EAN-13 / JAN check digit of 12 digits: weights 1, 3, 1, 3, … from the left. */
export function ean13CheckDigit(digits12: string): number {
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(digits12[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10
}

// A multiplier coprime to 10^10 makes index → (index × M + C) mod 10^10 a bijection: unique codes
// that do not look sequential.
const JAN_SPACE = 10_000_000_000n
const JAN_MULTIPLIER = 3_145_739_821n
const JAN_OFFSET = 4_207_913_563n

/** A valid, unique Japanese JAN code (prefix 45 or 49) for a product index. */
export function demoJanCode(index: number): string {
  const body = (BigInt(index) * JAN_MULTIPLIER + JAN_OFFSET) % JAN_SPACE
  const digits12 = (index % 3 === 0 ? '45' : '49') + body.toString().padStart(10, '0')
  return digits12 + String(ean13CheckDigit(digits12))
}

/** The outer box's GTIN-14: packaging indicator 1, the JAN's first 12 digits, weights 3, 1, … from the left. */
export function demoBoxBarcode(janCode: string): string {
  const digits13 = `1${janCode.slice(0, 12)}`
  let sum = 0
  for (let i = 0; i < 13; i++) sum += Number(digits13[i]) * (i % 2 === 0 ? 3 : 1)
  return digits13 + String((10 - (sum % 10)) % 10)
}

export const DEMO_ITEM_NO_PREFIX = 'YK-'

/** `YK-0000001` for index 0. */
export function demoItemNo(index: number): string {
  return DEMO_ITEM_NO_PREFIX + String(index + 1).padStart(7, '0')
}

function roundYen(yen: number): number {
  const unit = yen < 10_000 ? 10 : 100
  return Math.max(unit, Math.round(yen / unit) * unit)
}

/** A single price and a lower batch (wholesale) price. */
function pricePair(random: Random, single: number): [number, number] {
  const alone = roundYen(single)
  const batch = roundYen(alone * random.float(0.78, 0.92))
  return [alone, Math.min(batch, alone - 10)]
}

type PriceColumn =
  | 'cnAlonePrice'
  | 'cnBatchPrice'
  | 'jpAlonePrice'
  | 'jpBatchPrice'
  | 'enAlonePrice'
  | 'enBatchPrice'

/** Column sets that a partner-only product hides (stored negative) from ordinary customers. */
const PARTNER_ONLY_COLUMNS: readonly (readonly PriceColumn[])[] = [
  ['cnBatchPrice', 'jpBatchPrice', 'enBatchPrice'],
  ['cnAlonePrice', 'cnBatchPrice'],
  ['enAlonePrice', 'enBatchPrice'],
  ['cnAlonePrice', 'cnBatchPrice', 'jpAlonePrice', 'jpBatchPrice', 'enAlonePrice', 'enBatchPrice'],
]

function joinName(parts: readonly (string | undefined)[], separator: string): string {
  return parts.filter((part) => part !== undefined && part !== '').join(separator)
}

interface Ranks {
  hotRank: number | null
  newRank: number | null
  recommendRank: number | null
}

const NO_RANKS: Ranks = { hotRank: null, newRank: null, recommendRank: null }

function generateProduct(seed: number, index: number, todayMs: number, ranks: Ranks): DemoProduct {
  const random = createRandom(deriveSeed(seed, index))
  const rolledType = random.weighted(TYPE_WEIGHTS)
  // The first nine products cover every type, so even a tiny catalog shows them all.
  const type = index < PRODUCT_TYPES.length ? (PRODUCT_TYPES[index] as SellableType) : rolledType
  const leaf = random.weighted(WEIGHTED_LEAVES)
  const { kind } = leaf
  const seriesIndex = random.int(0, SERIES_NAMES.length - 1)
  const series = SERIES_NAMES[seriesIndex] as Words
  const character =
    CHARACTER_NAMES[(seriesIndex * 5 + random.int(0, CAST_SIZE - 1) * 3) % CHARACTER_NAMES.length]
  const volume = volumeWords(random.int(1, 12))
  const subject = kind.lineup ? undefined : character
  const suffix = kind.lineup ? volume : undefined
  const isReissue = type === ProductType.againPreSell || type === ProductType.againAdd
  const editionRoll = random.next()
  const edition = isReissue
    ? EDITIONS.reissue
    : editionRoll < 0.06
      ? EDITIONS.limited
      : editionRoll < 0.1
        ? EDITIONS.deluxe
        : undefined

  const sellDays = random.int(...SELL_DAY_RANGE[type])
  const sellDayMs = todayMs + sellDays * DAY_MS
  const isFront = DEPOSIT_TYPES.has(type)
  // Pre-orders close some weeks before release, but never before a few days from now.
  const closingDays = Math.max(3, sellDays - 7 * random.int(2, 8))
  const preSellEndTime = isFront ? new Date(todayMs + closingDays * DAY_MS + CLOSING_TIME_MS) : null
  const releaseLag = isFront ? 0 : random.int(0, 14)

  const jpSingle = random.int(...kind.price)
  const [jpAlonePrice, jpBatchPrice] = pricePair(random, jpSingle)
  const [cnAlonePrice, cnBatchPrice] = pricePair(random, jpSingle * random.float(1.03, 1.1))
  const [enAlonePrice, enBatchPrice] = pricePair(random, jpSingle * random.float(1.08, 1.2))
  const prices: Record<PriceColumn, number> = {
    cnAlonePrice,
    cnBatchPrice,
    jpAlonePrice,
    jpBatchPrice,
    enAlonePrice,
    enBatchPrice,
  }
  if (random.chance(0.03)) {
    for (const column of random.pick(PARTNER_ONLY_COLUMNS)) prices[column] = -prices[column]
  }

  const boxIn = random.pick(kind.boxIn)
  const janCode = demoJanCode(index)
  const images = random.sample(DEMO_PRODUCT_IMAGES_BY_SHAPE[kind.shape], random.int(1, 3))
  const isRanked = ranks.hotRank !== null || ranks.newRank !== null || ranks.recommendRank !== null
  const unavailable = random.chance(0.05) && !isRanked

  return {
    itemNo: demoItemNo(index),
    janCode,
    boxBarcode: boxIn > 1 ? demoBoxBarcode(janCode) : null,
    productName: joinName([series.cn, subject?.cn, kind.label.cn, suffix?.cn, edition?.cn], ' '),
    jpProductName: joinName([series.jp, subject?.jp, kind.label.jp, suffix?.jp, edition?.jp], ' '),
    enProductName: joinName([series.en, subject?.en, kind.label.en, suffix?.en, edition?.en], ' '),
    type,
    categoryId: leaf.id,
    seriesId: seriesIndex + 1,
    imgList: images.map((file) => `/media/demo/${file}`),
    sellTime: isoDay(sellDayMs),
    preSellEndTime,
    releaseDate: isoDay(sellDayMs - releaseLag * DAY_MS),
    brandId: demoBrandId(random.pick(leaf.makers)),
    ...prices,
    isDiscount: random.chance(0.15),
    isFront,
    boxIn,
    orderBase: boxIn > 1 && random.chance(0.5) ? boxIn : 1,
    stock: random.chance(0.12) ? 0 : random.int(1, 500),
    status: unavailable ? 2 : 1,
    ...ranks,
  }
}

/** `wanted` distinct offsets in [0, count), in random order. */
function distinctOffsets(random: Random, count: number, wanted: number): number[] {
  const take = Math.min(wanted, count)
  if (count <= take * 4)
    return random.sample(
      Array.from({ length: count }, (_, i) => i),
      take,
    )
  const chosen = new Set<number>()
  while (chosen.size < take) chosen.add(random.int(0, count - 1))
  return [...chosen]
}

/** Each home list (hot, new, recommended) ranks 12–20 products, 1..k. */
function rankProducts(seed: number, count: number): Map<number, Ranks> {
  const random = createRandom(deriveSeed(seed, -2))
  const ranks = new Map<number, Ranks>()
  for (const list of ['hotRank', 'newRank', 'recommendRank'] as const) {
    distinctOffsets(random, count, random.int(12, 20)).forEach((offset, position) => {
      ranks.set(offset, { ...(ranks.get(offset) ?? NO_RANKS), [list]: position + 1 })
    })
  }
  return ranks
}

export interface DemoProductOptions {
  seed: number
  /** Sale dates are spread around this day (Tokyo calendar). */
  today: Date
  count: number
  /** Index of the first product: item numbers and JAN codes follow from it, so ranges never collide. */
  firstIndex?: number
  /** Put products on the home lists; off when growing a catalog that already has its lists. */
  ranked?: boolean
  batchSize?: number
}

/** Streams `count` products in batches, each batch a fresh array. */
export function* generateDemoProducts(options: DemoProductOptions): Generator<DemoProduct[]> {
  const { seed, count, firstIndex = 0, ranked = true, batchSize = DEMO_PRODUCT_BATCH_SIZE } = options
  const todayMs = Math.floor((options.today.getTime() + TOKYO_OFFSET_MS) / DAY_MS) * DAY_MS
  const ranks = ranked ? rankProducts(seed, count) : new Map<number, Ranks>()
  for (let start = 0; start < count; start += batchSize) {
    const batch: DemoProduct[] = []
    for (let offset = start; offset < Math.min(count, start + batchSize); offset++) {
      batch.push(generateProduct(seed, firstIndex + offset, todayMs, ranks.get(offset) ?? NO_RANKS))
    }
    yield batch
  }
}
