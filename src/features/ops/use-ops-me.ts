import { useLoaderData } from '@tanstack/react-router'

/**
 * The signed-in operator and the rooms it may use: the /ops layout's loader answer. Read through
 * useLoaderData, not getRouteApi: the router's RouteApi class would join the router code every first
 * load carries.
 */
export const useOpsMe = () => useLoaderData({ from: '/ops' })
