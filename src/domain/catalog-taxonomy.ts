import * as v from 'valibot'
import { orRequired, payloadObject, rowId } from './fields.ts'
import { idValue } from './list-queries.ts'
import type { MediaImageDto } from './media.ts'
import { ValidationMessage } from './validation-messages.ts'

/*
 * Categories (two levels), series and brands as operators edit them (backoffice §2): names in the
 * three languages (`name` is the Chinese one and required), a sort order, and per kind its extra
 * (a category's parent, a series' hot flag, a brand's logo). Deleting one still in use is a 409 whose
 * data says how many products (and, for a category, child categories) use it.
 */

export const TaxonomyMessage = {
  name: 'must be 1–100 characters',
  optionalName: 'must be at most 100 characters',
  sort: 'must be a whole number from 0 to 99,999',
  twoLevels: 'must be a top-level category (categories have two levels)',
  ownParent: 'must not be the category itself',
  hasChildren: 'cannot have a parent while it has child categories (two levels only)',
  hot: 'must be true or false',
  logo: 'must be an uploaded picture id, or empty',
  unknownParent: 'must be an existing category',
  unknownLogo: 'must be a picture that was uploaded',
  inUse: 'is still in use',
} as const

const name = v.pipe(
  v.string(orRequired(ValidationMessage.text)),
  v.trim(),
  v.nonEmpty(ValidationMessage.required),
  v.maxLength(100, TaxonomyMessage.name),
)
const optionalName = v.pipe(
  v.nullish(v.string(ValidationMessage.text), null),
  v.transform((text) => (text === null || text.trim() === '' ? null : text.trim())),
  v.nullable(v.pipe(v.string(), v.maxLength(100, TaxonomyMessage.optionalName))),
)
const sort = v.optional(
  v.pipe(
    v.number(TaxonomyMessage.sort),
    v.integer(TaxonomyMessage.sort),
    v.minValue(0, TaxonomyMessage.sort),
    v.maxValue(99_999, TaxonomyMessage.sort),
  ),
  0,
)
const optionalId = (message: string) => v.nullish(rowId(message), null)

const namedEntries = { name, jpName: optionalName, enName: optionalName, sort }

export const categoryBody = payloadObject({ ...namedEntries, parentId: optionalId(ValidationMessage.id) })
export type CategoryBody = v.InferOutput<typeof categoryBody>

export const seriesBody = payloadObject({
  ...namedEntries,
  hot: v.optional(v.boolean(TaxonomyMessage.hot), false),
})
export type SeriesBody = v.InferOutput<typeof seriesBody>

export const brandBody = payloadObject({ ...namedEntries, logo: optionalId(TaxonomyMessage.logo) })
export type BrandBody = v.InferOutput<typeof brandBody>

interface NamedDto {
  id: number
  name: string
  jpName: string | null
  enName: string | null
  sort: number
  /** Products that use it (all statuses). */
  productCount: number
}

export interface OpsCategoryDto extends NamedDto {
  parentId: number | null
  /** Child categories (top-level categories only; empty for children). */
  children: OpsCategoryDto[]
}

export interface OpsSeriesDto extends NamedDto {
  hot: boolean
}

export interface OpsBrandDto extends NamedDto {
  logo: MediaImageDto | null
}

/** 409 of a delete refused while in use. */
export interface InUseData {
  products: number
  /** Categories only. */
  children?: number
}

/** `{id}` of the console's category, series and brand calls. */
export const taxonomyIdParams = v.object({ id: idValue })
