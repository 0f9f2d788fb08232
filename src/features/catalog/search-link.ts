/**
 * The search filters a link to /product-search/list carries (spec §2: category, type, name, series;
 * backoffice §2: a brand's products).
 */
export interface SearchLinkParams {
  name?: string
  category?: number
  type?: number
  series?: number
  brandId?: number
}

/**
 * A link to the search results. Empty or "all" (0) filters are left out, so the address stays short
 * and the search page's schema fills in its defaults.
 */
export function productSearchHref(params: SearchLinkParams): string {
  const query = new URLSearchParams()
  const name = params.name?.trim()
  if (name) query.set('name', name)
  if (params.category) query.set('category', String(params.category))
  if (params.type) query.set('type', String(params.type))
  if (params.series) query.set('series', String(params.series))
  if (params.brandId) query.set('brandId', String(params.brandId))
  const text = query.toString()
  return text ? `/product-search/list?${text}` : '/product-search/list'
}
