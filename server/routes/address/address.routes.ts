import { addressSchema, addressUpdateSchema, usZipQuery } from '../../../src/domain/address.ts'
import { payloadObject } from '../../../src/domain/fields.ts'
import { addressAnswer, addressListAnswer, addressRemovedAnswer, usZipAnswer } from '../../answers/address.ts'
import type { RouteContract } from '../contract.ts'

export const addressList = {
  method: 'get',
  path: '/mall/address/list',
  summary: 'The caller’s addresses, the default first, then the newest',
  tag: 'address',
  access: 'customer',
  returns: addressListAnswer,
} satisfies RouteContract

export const addressSave = {
  method: 'post',
  path: '/mall/address/save',
  summary:
    'Adds an address (an id sent is ignored). The first address, or one sent with acquiescent 1, becomes the default; 409 past 50 addresses',
  tag: 'address',
  access: 'customer',
  body: addressSchema,
  returns: addressAnswer,
} satisfies RouteContract

export const addressUpdate = {
  method: 'put',
  path: '/mall/address/update',
  summary:
    'Replaces every field of one of the caller’s addresses. acquiescent 1 moves the default to it; 0 on the default keeps it the default (choose another to move it); 404 for an id that is not the caller’s',
  tag: 'address',
  access: 'customer',
  body: addressUpdateSchema,
  returns: addressAnswer,
} satisfies RouteContract

export const addressDelete = {
  method: 'delete',
  path: '/mall/address/del/:id',
  summary:
    'Removes one of the caller’s addresses; when it was the default, the newest remaining one becomes the default; 404 for an id that is not the caller’s',
  tag: 'address',
  access: 'customer',
  returns: addressRemovedAnswer,
} satisfies RouteContract

export const usZipStateCity = {
  method: 'get',
  path: '/mall/uszip/state-city',
  summary:
    'The state and city of a US ZIP code (12345 or ZIP+4); `cities` lists every place the ZIP serves, the primary `city` first; 404 for a ZIP no place has',
  tag: 'address',
  access: 'customer',
  // A left-out zip reads 'zip: is required' rather than valibot's key message.
  query: payloadObject(usZipQuery.entries),
  returns: usZipAnswer,
} satisfies RouteContract

export const addressContracts = [addressList, addressSave, addressUpdate, addressDelete, usZipStateCity]
