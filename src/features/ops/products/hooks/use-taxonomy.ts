import { useMemo } from 'react'
import type { OpsBrandDto, OpsCategoryDto, OpsSeriesDto } from '../../../../domain/catalog-taxonomy.ts'
import { type Language, nameIn } from '../../../../domain/language.ts'
import { brandCalls, categoryCalls, seriesCalls } from '../../taxonomy/api/taxonomy-calls.ts'
import { useLoaded } from '../../use-loaded.ts'

export interface TaxonomyOption {
  id: number
  label: string
}

export interface Taxonomy {
  categories: TaxonomyOption[]
  series: TaxonomyOption[]
  brands: TaxonomyOption[]
  /** The lists could not be read: the selects offer only what is chosen already. */
  failed: boolean
}

async function loadTaxonomy() {
  const [categories, series, brands] = await Promise.all([
    categoryCalls.list(),
    seriesCalls.list(),
    brandCalls.list(),
  ])
  return { categories, series, brands }
}

const bySort = <T extends { sort: number; id: number }>(list: T[]) =>
  [...list].sort((a, b) => a.sort - b.sort || a.id - b.id)

/** The category tree as one list, each child under its parent and marked as one. */
function categoryOptions(tree: OpsCategoryDto[], language: Language): TaxonomyOption[] {
  return bySort(tree).flatMap((top) => [
    { id: top.id, label: nameIn(language, top) },
    ...bySort(top.children).map((child) => ({
      id: child.id,
      label: `${nameIn(language, top)} › ${nameIn(language, child)}`,
    })),
  ])
}

const namedOptions = (list: (OpsSeriesDto | OpsBrandDto)[], language: Language) =>
  bySort(list).map((entry) => ({ id: entry.id, label: nameIn(language, entry) }))

/** Categories, series and brands for the list's filters and the editor's selects, named in `language`. */
export function useTaxonomy(language: Language): Taxonomy {
  const { loaded } = useLoaded('ops-product-taxonomy', loadTaxonomy)
  return useMemo(() => {
    if (loaded.state !== 'ready') {
      return { categories: [], series: [], brands: [], failed: loaded.state === 'failed' }
    }
    return {
      categories: categoryOptions(loaded.data.categories, language),
      series: namedOptions(loaded.data.series, language),
      brands: namedOptions(loaded.data.brands, language),
      failed: false,
    }
  }, [loaded, language])
}
