import { createFactory } from 'hono/factory'
import * as v from 'valibot'
import { idValue } from '../../../src/domain/list-queries.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import type { AppEnv } from '../../app-env.ts'
import { ApiError, notFound, ok } from '../../http/envelope.ts'
import { requireSession, signedIn } from '../../http/session.ts'
import { validJson, validParams, validQuery } from '../../http/validate.ts'
import { deleteAddress, listAddresses, saveAddress, updateAddress } from '../../services/addresses.ts'
import { lookUpUsZip } from '../../services/us-zip.ts'
import * as contracts from './address.routes.ts'

const factory = createFactory<AppEnv>()

export const addressListHandlers = factory.createHandlers(requireSession(), async (c) =>
  ok(c, await listAddresses(c.var.deps.db, signedIn(c).userId)),
)

export const addressSaveHandlers = factory.createHandlers(
  requireSession(),
  validJson(contracts.addressSave.body),
  async (c) => {
    const { db, now } = c.var.deps
    return ok(c, await saveAddress(db, signedIn(c).userId, c.req.valid('json'), now()))
  },
)

export const addressUpdateHandlers = factory.createHandlers(
  requireSession(),
  validJson(contracts.addressUpdate.body),
  async (c) => {
    const { db, now } = c.var.deps
    const updated = await updateAddress(db, signedIn(c).userId, c.req.valid('json'), now())
    // Another shopper's address is as unknown as a missing one: its existence is not theirs to learn.
    if (!updated) throw notFound('address')
    return ok(c, updated)
  },
)

export const addressDeleteHandlers = factory.createHandlers(
  requireSession(),
  validParams(v.object({ id: idValue })),
  async (c) => {
    const { db, now } = c.var.deps
    const removed = await deleteAddress(db, signedIn(c).userId, c.req.valid('param').id, now())
    if (!removed) throw notFound('address')
    return ok(c, removed)
  },
)

export const usZipStateCityHandlers = factory.createHandlers(
  requireSession(),
  validQuery(contracts.usZipStateCity.query),
  async (c) => {
    const found = await lookUpUsZip(c.req.valid('query').zip)
    if (!found) throw new ApiError(ResultCode.notFound, 'zip: no US place has this ZIP code')
    return ok(c, found)
  },
)
