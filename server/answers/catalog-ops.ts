import * as v from 'valibot'
import type { OpsBrandDto, OpsCategoryDto, OpsSeriesDto } from '../../src/domain/catalog-taxonomy.ts'
import type { OpsProductDto } from '../../src/domain/product-editor.ts'
import { mediaImageAnswer } from './media.ts'
import { answerOf, count, id, named, pageOf, time } from './shape.ts'

/* The console's catalog room (backoffice §2): products, categories, series and brands as operators edit them. */

const optionalText = v.nullable(v.string())
const price = count

export const opsProductAnswer = named(
  'OpsProductDto',
  answerOf<OpsProductDto>()(
    v.strictObject({
      id,
      itemNo: v.string(),
      janCode: optionalText,
      boxBarcode: optionalText,
      productName: v.string(),
      jpProductName: optionalText,
      enProductName: optionalText,
      type: count,
      categoryId: v.nullable(id),
      seriesId: v.nullable(id),
      brandId: v.nullable(id),
      sellTime: v.pipe(v.nullable(v.string()), v.description('The day the goods go on sale, YYYY-MM-DD')),
      preSellEndTime: v.pipe(v.nullable(time), v.description('When pre-orders close')),
      releaseDate: v.pipe(v.nullable(v.string()), v.description('YYYY-MM-DD')),
      cnAlonePrice: price,
      cnBatchPrice: price,
      jpAlonePrice: price,
      jpBatchPrice: price,
      enAlonePrice: price,
      enBatchPrice: price,
      isDiscount: v.boolean(),
      isFront: v.boolean(),
      boxIn: count,
      orderBase: count,
      stock: count,
      status: v.picklist([1, 2] as const),
      hotRank: v.nullable(count),
      newRank: v.nullable(count),
      recommendRank: v.nullable(count),
      weightG: v.nullable(count),
      description: optionalText,
      jpDescription: optionalText,
      enDescription: optionalText,
      images: v.array(mediaImageAnswer),
      imgList: v.pipe(
        v.array(v.string()),
        v.description(
          'Picture URLs that are not uploads (the demo’s drawings, pictures from elsewhere); read-only',
        ),
      ),
      updatedAt: v.pipe(time, v.description('The last save: send it back with PUT')),
      createTime: time,
    }),
  ),
)

export const opsProductPageAnswer = pageOf(opsProductAnswer)

/** The fields every taxonomy entry has (names in three languages, its sort, how many products use it). */
const namedEntries = {
  id,
  name: v.string(),
  jpName: optionalText,
  enName: optionalText,
  sort: count,
  productCount: v.pipe(count, v.description('Products that use it (all statuses)')),
}

export const opsCategoryAnswer: v.GenericSchema<OpsCategoryDto> = named(
  'OpsCategoryDto',
  answerOf<OpsCategoryDto>()(
    v.strictObject({
      ...namedEntries,
      parentId: v.nullable(id),
      children: v.pipe(
        v.array(v.lazy((): v.GenericSchema<OpsCategoryDto> => opsCategoryAnswer)),
        v.description('Child categories (top-level categories only; empty for children)'),
      ),
    }),
  ),
)

export const opsSeriesAnswer = named(
  'OpsSeriesDto',
  answerOf<OpsSeriesDto>()(v.strictObject({ ...namedEntries, hot: v.boolean() })),
)

export const opsBrandAnswer = named(
  'OpsBrandDto',
  answerOf<OpsBrandDto>()(v.strictObject({ ...namedEntries, logo: v.nullable(mediaImageAnswer) })),
)
