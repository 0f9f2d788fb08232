import { favouriteListQuery, favouriteSetQuery } from '../../../src/domain/list-queries.ts'
import {
  favouriteCardPageAnswer,
  favouritesRemovedAnswer,
  favouriteToggleAnswer,
} from '../../answers/favourites.ts'
import type { RouteContract } from '../contract.ts'

export const favouriteList = {
  method: 'get',
  path: '/mall/collect/list',
  summary:
    'The caller’s favourites, most recently added first, each card with its bid and the caller’s price; products off sale stay listed',
  tag: 'favourites',
  access: 'customer',
  query: favouriteListQuery,
  returns: favouriteCardPageAnswer,
} satisfies RouteContract

export const favouriteCheck = {
  method: 'get',
  path: '/mall/collect/check/:productId',
  summary:
    'Whether the product is among the caller’s favourites (bid null when not); 404 for no such product',
  tag: 'favourites',
  access: 'customer',
  returns: favouriteToggleAnswer,
} satisfies RouteContract

export const collectOrDelete = {
  method: 'post',
  path: '/mall/collect/collectOrDelete/:productId',
  summary:
    'Makes the product a favourite (collect=true) or not (collect=false), whatever it was: repeating the call changes nothing; 404 for no such product',
  tag: 'favourites',
  access: 'customer',
  query: favouriteSetQuery,
  returns: favouriteToggleAnswer,
} satisfies RouteContract

export const favouriteClear = {
  method: 'delete',
  path: '/mall/collect/clear',
  summary: 'Removes every favourite of the caller',
  tag: 'favourites',
  access: 'customer',
  returns: favouritesRemovedAnswer,
} satisfies RouteContract

export const favouriteContracts = [favouriteList, favouriteCheck, collectOrDelete, favouriteClear]
