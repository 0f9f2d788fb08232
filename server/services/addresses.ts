import { and, count, desc, eq, sql } from 'drizzle-orm'
import { type Address, type AddressDto, type AddressUpdate, MAX_ADDRESSES } from '../../src/domain/address.ts'
import { ResultCode } from '../../src/domain/result-code.ts'
import type { Db } from '../db/client.ts'
import { addresses } from '../db/schema.ts'
import { ApiError } from '../http/envelope.ts'

/*
 * A shopper's address book. Exactly one address is the default whenever the shopper has any:
 * - the first address becomes the default, whatever its flag says;
 * - saving or updating an address with acquiescent 1 moves the default to it;
 * - acquiescent 0 on the default leaves it the default: the default moves only by choosing another,
 *   never to nothing (the flag is read as "not asking to make this the default");
 * - deleting the default makes the newest remaining address the default.
 * Every change runs in a transaction that first takes the shopper's address-book lock, so changes at
 * once act as changes in a row, and the partial unique index addresses_one_default_idx still refuses a
 * second default should anything bypass the lock.
 */

/** Advisory-lock class of a shopper's address-book changes (two-key form: class, user id). */
const ADDRESS_BOOK_LOCK = 7_140_005

async function lockAddressBookOf(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_BOOK_LOCK}::int4, ${userId}::int4)`)
}

type AddressRow = typeof addresses.$inferSelect

const asFlag = (value: boolean): 0 | 1 => (value ? 1 : 0)

function toAddressDto(row: AddressRow): AddressDto {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    nameEn: row.nameEn,
    telephone: row.telephone,
    postCode: row.postCode,
    country: row.country,
    countryEn: row.countryEn,
    province: row.province,
    provinceEn: row.provinceEn,
    city: row.city,
    cityEn: row.cityEn,
    district: row.district,
    districtEn: row.districtEn,
    shopName: row.shopName,
    shopNameEn: row.shopNameEn,
    address: row.address,
    addressEn: row.addressEn,
    acquiescent: asFlag(row.isDefault),
    isBill: asFlag(row.isBill),
  }
}

/** The stored columns of a payload; optional fields left out are stored as null (cleared on update). */
function addressColumns(input: Address) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    nameEn: input.nameEn ?? null,
    telephone: input.telephone,
    postCode: input.postCode,
    country: input.country,
    countryEn: input.countryEn ?? null,
    province: input.province ?? null,
    provinceEn: input.provinceEn ?? null,
    city: input.city ?? null,
    cityEn: input.cityEn ?? null,
    district: input.district ?? null,
    districtEn: input.districtEn ?? null,
    shopName: input.shopName ?? null,
    shopNameEn: input.shopNameEn ?? null,
    address: input.address,
    addressEn: input.addressEn ?? null,
    isBill: input.isBill === 1,
  }
}

/** Clears the shopper's default, so that another address can take it (the unique index allows one). */
async function clearDefault(tx: Db, userId: number, at: Date): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: at })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
}

const newestFirst = [desc(addresses.createdAt), desc(addresses.id)]

/** GET /mall/address/list: the default first, then the newest. */
/** One of the shopper's own addresses, or undefined when the id is not one of theirs. */
export async function ownAddress(db: Db, userId: number, addressId: number): Promise<AddressDto | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
  return row ? toAddressDto(row) : undefined
}

export async function listAddresses(db: Db, userId: number): Promise<AddressDto[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), ...newestFirst)
  return rows.map(toAddressDto)
}

export const tooManyAddresses = () =>
  new ApiError(
    ResultCode.conflict,
    `An address book holds at most ${MAX_ADDRESSES} addresses; delete one to add another`,
  )

/**
 * POST /mall/address/save: adds an address (an id sent with it is ignored) and answers it as stored.
 * A 409 when the shopper already has MAX_ADDRESSES.
 */
export async function saveAddress(db: Db, userId: number, input: Address, at: Date): Promise<AddressDto> {
  return db.transaction(async (tx) => {
    await lockAddressBookOf(tx, userId)
    const [counted] = await tx.select({ total: count() }).from(addresses).where(eq(addresses.userId, userId))
    const existing = counted?.total ?? 0
    if (existing >= MAX_ADDRESSES) throw tooManyAddresses()
    const isDefault = existing === 0 || input.acquiescent === 1
    if (isDefault && existing > 0) await clearDefault(tx, userId, at)
    const [saved] = await tx
      .insert(addresses)
      .values({ ...addressColumns(input), userId, isDefault, createdAt: at, updatedAt: at })
      .returning()
    if (!saved) throw new Error('address insert returned no row')
    return toAddressDto(saved)
  })
}

/**
 * PUT /mall/address/update: replaces every field of one of the shopper's addresses and answers it as
 * stored; undefined when the shopper has no address with that id (another shopper's included).
 */
export async function updateAddress(
  db: Db,
  userId: number,
  input: AddressUpdate,
  at: Date,
): Promise<AddressDto | undefined> {
  return db.transaction(async (tx) => {
    await lockAddressBookOf(tx, userId)
    const own = and(eq(addresses.id, input.id), eq(addresses.userId, userId))
    const [current] = await tx.select({ isDefault: addresses.isDefault }).from(addresses).where(own)
    if (!current) return undefined
    // Only a move to this address changes the default; a 0 on the default keeps it (see the top).
    const isDefault = current.isDefault || input.acquiescent === 1
    if (isDefault && !current.isDefault) await clearDefault(tx, userId, at)
    const [updated] = await tx
      .update(addresses)
      .set({ ...addressColumns(input), isDefault, updatedAt: at })
      .where(own)
      .returning()
    return updated ? toAddressDto(updated) : undefined
  })
}

/**
 * DELETE /mall/address/del/{id}: removes one of the shopper's addresses; when it was the default, the
 * newest remaining address becomes the default. Undefined when the shopper has no address with that id.
 */
export async function deleteAddress(
  db: Db,
  userId: number,
  id: number,
  at: Date,
): Promise<{ removed: 1 } | undefined> {
  return db.transaction(async (tx) => {
    await lockAddressBookOf(tx, userId)
    const [removed] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault })
    if (!removed) return undefined
    if (removed.isDefault) {
      const [newest] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(...newestFirst)
        .limit(1)
      if (newest)
        await tx.update(addresses).set({ isDefault: true, updatedAt: at }).where(eq(addresses.id, newest.id))
    }
    return { removed: 1 }
  })
}
