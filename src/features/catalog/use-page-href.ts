import { useLocation, useRouter } from '@tanstack/react-router'

/**
 * The address of another page of the list on screen: the same path and search params with the page
 * number changed, written the way the router writes search params.
 */
export function usePageHref(param: 'pageNum' | 'page' = 'pageNum'): (page: number) => string {
  const router = useRouter()
  const { pathname, search } = useLocation()
  return (page) => `${pathname}${router.options.stringifySearch({ ...search, [param]: page })}`
}
