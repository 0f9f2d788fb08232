import type {
  BrandBody,
  CategoryBody,
  OpsBrandDto,
  OpsCategoryDto,
  OpsSeriesDto,
  SeriesBody,
} from '../../../../domain/catalog-taxonomy.ts'
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api-client.ts'

// Every caller shows its own failures (a dialog, the page's notice, the editor's selects).
const quiet = { systemNotify: false } as const

/**
 * The calls of one taxonomy (backoffice §2), all alike: GET /api/ops/{kind} (every one by sort, with
 * its product count; the categories as their two-level tree), POST a new one, PUT /{id} and DELETE
 * /{id}. A write's 400 names the field; a delete is refused (409, data InUseData) while products (or
 * a category's children) use it.
 */
function taxonomyCalls<Dto, Body>(kind: 'categories' | 'series' | 'brands') {
  const path = `/ops/${kind}`
  return {
    // Not paged: every one, as an array.
    list: () => apiGet<Dto[]>(path, {}, quiet),
    create: (body: Body) => apiPost<Dto>(path, body, quiet),
    update: (id: number, body: Body) => apiPut<Dto>(`${path}/${id}`, body, quiet),
    remove: (id: number) => apiDelete<unknown>(`${path}/${id}`, undefined, quiet),
  }
}

export type TaxonomyCalls<Dto, Body> = ReturnType<typeof taxonomyCalls<Dto, Body>>

/** Names, sort and parent (a top-level category; two levels only). */
export const categoryCalls = taxonomyCalls<OpsCategoryDto, CategoryBody>('categories')
/** Names, sort and the hot flag. */
export const seriesCalls = taxonomyCalls<OpsSeriesDto, SeriesBody>('series')
/** Names, sort and logo (an uploaded picture's id). */
export const brandCalls = taxonomyCalls<OpsBrandDto, BrandBody>('brands')
