import { shippingMethodsBody } from '../../../src/domain/shipping-editor.ts'
import { shippingMethodsAnswer } from '../../answers/shipping.ts'
import type { RouteContract } from '../contract.ts'

/*
 * The operators' shipping-method editor (flows §5, §7): methods with their limits, zones per
 * destination, availability and rate bands. Operator tokens only (a customer's is a 403); every change
 * is audited.
 */

export const listShippingMethods = {
  method: 'get',
  path: '/ops/shipping-methods',
  summary:
    'Every shipping method, active or not, in the operators’ order, with its limits, billing rule, destinations (country, zone, available) and rate bands (zone, upToG, fee in yen)',
  tag: 'ops',
  access: 'operator',
  permission: 'settings',
  returns: shippingMethodsAnswer,
} satisfies RouteContract

export const updateShippingMethods = {
  method: 'put',
  path: '/ops/shipping-methods',
  summary:
    'Replaces each listed method (by id; an unknown id is a 400) whole: names, carrier, weight limits, size and billing rules, step, tracked, active, order, note, its destinations and its rate bands, in one transaction; `code` is not edited. Every zone a destination uses needs a band. One audit row per changed method (shippingMethod.update)',
  tag: 'ops',
  access: 'operator',
  permission: 'settings',
  body: shippingMethodsBody,
  returns: shippingMethodsAnswer,
} satisfies RouteContract

export const shippingContracts: RouteContract[] = [listShippingMethods, updateShippingMethods]
