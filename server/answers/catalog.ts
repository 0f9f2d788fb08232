import * as v from 'valibot'
import type {
  BrandDto,
  CategoryNode,
  NamedRef,
  ProductCardDto,
  ProductDetailDto,
  SearchPage,
  SeriesDto,
} from '../../src/domain/catalog.ts'
import type { Page } from '../../src/domain/queries.ts'
import { mediaImageAnswer } from './media.ts'
import { answerOf, count, id, named, pageOf, productNameEntries, time } from './shape.ts'

/** The two-level category tree; a child's `children` is empty. */
export const categoryNodeAnswer: v.GenericSchema<CategoryNode> = named(
  'CategoryNode',
  answerOf<CategoryNode>()(
    v.strictObject({
      id,
      name: v.string(),
      jpName: v.nullable(v.string()),
      enName: v.nullable(v.string()),
      children: v.array(v.lazy(() => categoryNodeAnswer)),
    }),
  ),
)

export const categoryTreeAnswer = answerOf<CategoryNode[]>()(v.array(categoryNodeAnswer))

/** A price column the caller may see: absent for a visitor, one for a customer, all six for an operator. */
const price = v.optional(count)

/** The fields of a product card, for the DTOs that extend it (detail, history entry, favourite card). */
export const productCardEntries = {
  id,
  type: count,
  ...productNameEntries,
  imgList: v.array(v.string()),
  images: v.optional(v.array(mediaImageAnswer)),
  sellTimeStr: v.nullable(v.string()),
  preSellEndTime: v.nullable(time),
  isDiscount: v.boolean(),
  isFront: v.boolean(),
  boxIn: count,
  orderBase: count,
  cnBatchPrice: price,
  cnAlonePrice: price,
  jpBatchPrice: price,
  jpAlonePrice: price,
  enBatchPrice: price,
  enAlonePrice: price,
  partnerOnly: v.optional(v.literal(true)),
  bid: v.optional(id),
}

export const productCardAnswer = named(
  'ProductCardDto',
  answerOf<ProductCardDto>()(v.strictObject(productCardEntries)),
)
export const productCardListAnswer = answerOf<ProductCardDto[]>()(v.array(productCardAnswer))
export const productCardPageAnswer = answerOf<Page<ProductCardDto>>()(pageOf(productCardAnswer))
export const searchPageAnswer = answerOf<SearchPage>()(
  v.strictObject({ ...pageOf(productCardAnswer).entries, more: v.boolean() }),
)

export const namedRefAnswer = named(
  'NamedRef',
  answerOf<NamedRef>()(
    v.strictObject({ id, name: v.string(), jpName: v.nullable(v.string()), enName: v.nullable(v.string()) }),
  ),
)

export const seriesAnswer = named(
  'SeriesDto',
  answerOf<SeriesDto>()(
    v.strictObject({
      id,
      seriesName: v.string(),
      jpSeriesName: v.nullable(v.string()),
      enSeriesName: v.nullable(v.string()),
      productCount: count,
    }),
  ),
)
export const seriesListAnswer = answerOf<SeriesDto[]>()(v.array(seriesAnswer))
export const seriesPageAnswer = answerOf<Page<SeriesDto>>()(pageOf(seriesAnswer))

export const productDetailAnswer = named(
  'ProductDetailDto',
  answerOf<ProductDetailDto>()(
    v.strictObject({
      ...productCardEntries,
      itemNo: v.string(),
      janCode: v.nullable(v.string()),
      boxBarcode: v.nullable(v.string()),
      manufacturer: v.nullable(v.string()),
      brand: v.nullable(namedRefAnswer),
      releaseDate: v.pipe(v.nullable(v.string()), v.description('YYYY-MM-DD')),
      stock: count,
      available: v.boolean(),
      category: v.nullable(namedRefAnswer),
      series: v.nullable(seriesAnswer),
      memberPrice: v.optional(
        v.strictObject({ referencePrice: count, discountedPrice: count, points: count }),
      ),
      collected: v.optional(v.boolean()),
    }),
  ),
)

export const brandAnswer = named(
  'BrandDto',
  answerOf<BrandDto>()(
    v.strictObject({
      id,
      name: v.string(),
      jpName: v.nullable(v.string()),
      enName: v.nullable(v.string()),
      logo: v.nullable(mediaImageAnswer),
      productCount: count,
    }),
  ),
)
export const brandListAnswer = answerOf<BrandDto[]>()(v.array(brandAnswer))
