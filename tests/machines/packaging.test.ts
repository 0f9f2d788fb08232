import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type Snapshot, waitFor } from 'xstate'
import {
  defaultAddressId,
  isSelectable,
  type PackagingActor,
  packagingMachine,
} from '../../machines/packaging/packaging.machine.ts'
import { parseSavedPackaging, type SavedPackaging } from '../../machines/packaging/packaging-saved-state.ts'
import type {
  ApplyInput,
  PackagingFailure,
  PackagingGoods,
} from '../../machines/packaging/packaging-types.ts'
import type { AddressDto } from '../../src/domain/address.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import type { PackageApplyDto, ShippingMethodEstimateDto } from '../../src/domain/packaging.ts'

const OWNER = 'customer:7'

function order(id: number, overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id,
    parentId: null,
    status: 6,
    createTime: '2026-09-01T01:00:00.000Z',
    payDueTime: null,
    modifyTime: '2026-10-01T01:00:00.000Z',
    goods: 10_000,
    discount: 0,
    platformFee: 0,
    settlementFee: 0,
    deposit: 3000,
    balance: 7000,
    total: 10_000,
    pointsHeld: 0,
    paidAmount: 10_000,
    refundAmount: 0,
    remark: null,
    arrivedAt: '2026-10-01',
    balanceDue: '2026-10-31',
    packagingDeadline: '2026-11-15',
    forfeitAt: '2026-12-01',
    lateFee: 0,
    deadlineState: 'onTime',
    lines: [],
    ...overrides,
  }
}

function address(id: number, acquiescent: 0 | 1 = 0): AddressDto {
  return {
    id,
    firstName: '樱',
    lastName: '木之本',
    nameEn: null,
    telephone: '0900000000',
    postCode: '100',
    country: '中国台湾',
    countryEn: null,
    province: null,
    provinceEn: null,
    city: null,
    cityEn: null,
    district: null,
    districtEn: null,
    shopName: null,
    shopNameEn: null,
    address: '友枝町 1',
    addressEn: null,
    acquiescent,
    isBill: 0,
  }
}

function method(
  methodId: number,
  overrides: Partial<ShippingMethodEstimateDto> = {},
): ShippingMethodEstimateDto {
  return {
    methodId,
    name: { zhCn: `方式 ${methodId}`, ja: `方法 ${methodId}`, en: `Method ${methodId}` },
    carrier: 'japanpost',
    tracked: true,
    fromFee: 1450,
    maxWeightG: 30_000,
    available: true,
    reason: null,
    ...overrides,
  }
}

const offline = { kind: 'offline' } satisfies PackagingFailure

/**
 * A stand-in for the server's packaging calls: orders in 6 wait until a request takes them (6 → 7, in
 * the same step as the application); `loseAnswers` makes it act and then fail to answer.
 */
class FakeShop {
  offline = false
  loseAnswers = false
  refuseNext: PackagingFailure | undefined
  failMethods = false
  /** Answers of the apply call wait for this once the server has acted (a page closing meanwhile). */
  answerGate: Promise<void> | undefined
  orders: OrderDto[] = [order(11), order(12), order(13)]
  addresses: AddressDto[] = [address(1), address(2, 1)]
  methodsByAddress: Record<number, ShippingMethodEstimateDto[]> = {
    1: [method(5), method(6, { available: false, fromFee: null, reason: 'wrongAddress' })],
    2: [method(5), method(6)],
  }
  applications: PackageApplyDto[] = []
  readonly applyCalls: ApplyInput[] = []
  readonly methodReads: number[] = []
  goodsReads = 0
  listReads = 0

  loadGoods = async (): Promise<PackagingGoods> => {
    if (this.offline) throw offline
    this.goodsReads += 1
    return { orders: [...this.orders], addresses: [...this.addresses] }
  }

  loadMethods = async ({ input }: { input: { addressId: number } }) => {
    if (this.offline || this.failMethods) throw offline
    this.methodReads.push(input.addressId)
    return this.methodsByAddress[input.addressId] ?? []
  }

  apply = async ({ input }: { input: ApplyInput }): Promise<PackageApplyDto> => {
    if (this.offline) throw offline
    this.applyCalls.push(input)
    const refusal = this.refuseNext
    this.refuseNext = undefined
    if (refusal) throw refusal
    const waiting = new Set(this.orders.map((o) => o.id))
    const gone = input.orderIds.filter((id) => !waiting.has(id))
    if (gone.length > 0)
      throw { kind: 'refused', reason: 'orderNotReady', orderIds: gone } satisfies PackagingFailure
    const application = applicationOf(this.applications.length + 100, input.orderIds)
    this.applications.unshift(application)
    this.orders = this.orders.filter((o) => !input.orderIds.includes(o.id))
    await this.answerGate
    if (this.loseAnswers) throw offline
    return application
  }

  findApplication = async ({ input }: { input: { orderIds: number[] } }) => {
    if (this.offline) throw offline
    this.listReads += 1
    return this.applications.find((a) => a.orderIds.some((id) => input.orderIds.includes(id))) ?? null
  }
}

function applicationOf(id: number, orderIds: number[]): PackageApplyDto {
  return {
    id,
    createTime: '2026-11-20T01:00:00.000Z',
    status: 1,
    orderIds,
    lines: [],
    productCount: orderIds.length,
    barcodes: [],
    weightG: null,
    billedWeightG: null,
    arrivedAt: '2026-10-01',
    freeStorageUntil: '2026-11-15',
    shippingMethodId: null,
    remark: null,
    packageIds: [],
  }
}

function machineFor(shop: FakeShop) {
  return packagingMachine.provide({
    actors: {
      loadGoods: fromPromise(shop.loadGoods),
      loadMethods: fromPromise(shop.loadMethods),
      apply: fromPromise(shop.apply),
      findApplication: fromPromise(shop.findApplication),
    },
  })
}

function start(shop: FakeShop): PackagingActor {
  return createActor(machineFor(shop), { input: { owner: OWNER } }).start()
}

const saved = (actor: PackagingActor): unknown => JSON.parse(JSON.stringify(actor.getPersistedSnapshot()))

/** What the feature does at a reload: the saved snapshot parsed, restored and told to RESUME. */
function reload(shop: FakeShop, actor: PackagingActor): PackagingActor {
  const parsed = parseSavedPackaging(saved(actor), OWNER)
  actor.stop()
  if (!parsed) throw new Error('the saved request did not parse')
  const restored = createActor(machineFor(shop), {
    snapshot: parsed as Snapshot<unknown>,
    input: { owner: OWNER },
  })
  restored.start()
  restored.send({ type: 'RESUME' })
  return restored
}

const ready = (actor: PackagingActor) => waitFor(actor, (s) => s.matches({ choosing: 'ready' }))
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('packaging machine: pure rules', () => {
  it('starts a draft on the default address, else the first; none without an address', () => {
    expect(defaultAddressId([address(1), address(2, 1)])).toBe(2)
    expect(defaultAddressId([address(3), address(4)])).toBe(3)
    expect(defaultAddressId([])).toBeNull()
  })

  it('never offers forfeited goods or orders a refusal named', () => {
    expect(isSelectable(order(1), [])).toBe(true)
    expect(isSelectable(order(1, { deadlineState: 'overdue' }), [])).toBe(true)
    expect(isSelectable(order(1, { deadlineState: 'forfeited' }), [])).toBe(false)
    expect(isSelectable(order(1), [1])).toBe(false)
  })

  it('starts by reading the server, with nothing chosen', () => {
    const actor = createActor(packagingMachine, { input: { owner: OWNER } })
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('loading')
    expect(snapshot.context).toMatchObject({ selected: [], addressId: null, methodId: null, remark: '' })
  })
})

describe('packaging machine: choosing', () => {
  it('reads the orders, preselects the default address and loads its methods', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    const snapshot = await ready(actor)
    expect(snapshot.context.orders.map((o) => o.id)).toEqual([11, 12, 13])
    expect(snapshot.context.addressId).toBe(2)
    expect(shop.methodReads).toEqual([2])
    expect(snapshot.context.methods.map((m) => m.methodId)).toEqual([5, 6])
  })

  it('selects orders one by one in the list order, all and none', async () => {
    const shop = new FakeShop()
    shop.orders = [order(11), order(12), order(13, { deadlineState: 'forfeited' })]
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'TOGGLE_ORDER', orderId: 12 })
    actor.send({ type: 'TOGGLE_ORDER', orderId: 11 })
    expect(actor.getSnapshot().context.selected).toEqual([11, 12])
    actor.send({ type: 'TOGGLE_ORDER', orderId: 12 })
    expect(actor.getSnapshot().context.selected).toEqual([11])
    // forfeited goods and unknown orders cannot be chosen
    actor.send({ type: 'TOGGLE_ORDER', orderId: 13 })
    actor.send({ type: 'TOGGLE_ORDER', orderId: 99 })
    expect(actor.getSnapshot().context.selected).toEqual([11])
    actor.send({ type: 'SELECT_ALL' })
    expect(actor.getSnapshot().context.selected).toEqual([11, 12])
    actor.send({ type: 'SELECT_NONE' })
    expect(actor.getSnapshot().context.selected).toEqual([])
  })

  it('reloads the methods for another address and drops a preference that address cannot take', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'CHOOSE_METHOD', methodId: 6 })
    expect(actor.getSnapshot().context.methodId).toBe(6)
    actor.send({ type: 'CHOOSE_ADDRESS', addressId: 1 })
    expect(actor.getSnapshot().matches({ choosing: 'methods' })).toBe(true)
    const snapshot = await ready(actor)
    expect(shop.methodReads).toEqual([2, 1])
    expect(snapshot.context.methodId).toBeNull()
    // unavailable there: refused; an unknown address too
    actor.send({ type: 'CHOOSE_METHOD', methodId: 6 })
    actor.send({ type: 'CHOOSE_ADDRESS', addressId: 77 })
    expect(actor.getSnapshot().context).toMatchObject({ methodId: null, addressId: 1 })
    actor.send({ type: 'CHOOSE_METHOD', methodId: 5 })
    actor.send({ type: 'CHOOSE_METHOD', methodId: null })
    expect(actor.getSnapshot().context.methodId).toBeNull()
  })

  it('keeps the remark to 200 characters', async () => {
    const actor = start(new FakeShop())
    await ready(actor)
    actor.send({ type: 'SET_REMARK', remark: 'あ'.repeat(250) })
    expect(actor.getSnapshot().context.remark).toHaveLength(200)
  })

  it('sends nothing without an order chosen', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'SUBMIT' })
    await settle()
    expect(shop.applyCalls).toEqual([])
    expect(actor.getSnapshot().matches({ choosing: 'ready' })).toBe(true)
  })

  it('rests in noAddress when the shopper has no address, and cannot send', async () => {
    const shop = new FakeShop()
    shop.addresses = []
    const actor = start(shop)
    await waitFor(actor, (s) => s.matches({ choosing: 'noAddress' }))
    actor.send({ type: 'SELECT_ALL' })
    actor.send({ type: 'SUBMIT' })
    await settle()
    expect(shop.applyCalls).toEqual([])
    expect(shop.methodReads).toEqual([])
  })

  it('lets the request go without a preference when the methods cannot be read', async () => {
    const shop = new FakeShop()
    shop.failMethods = true
    const actor = start(shop)
    await waitFor(actor, (s) => s.matches({ choosing: 'methodsFailed' }))
    actor.send({ type: 'TOGGLE_ORDER', orderId: 11 })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches('applied'))
    expect(shop.applyCalls[0]).toMatchObject({ orderIds: [11], addressId: 2, shippingMethodId: null })
  })
})

describe('packaging machine: sending', () => {
  it('applies with the chosen orders, address, method and trimmed remark', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'TOGGLE_ORDER', orderId: 13 })
    actor.send({ type: 'TOGGLE_ORDER', orderId: 11 })
    actor.send({ type: 'CHOOSE_METHOD', methodId: 5 })
    actor.send({ type: 'SET_REMARK', remark: '  请合并成一箱  ' })
    actor.send({ type: 'SUBMIT' })
    const done = await waitFor(actor, (s) => s.matches('applied'))
    expect(done.context.applyId).toBe(100)
    expect(done.context.submitKey).toBeNull()
    expect(shop.applyCalls).toHaveLength(1)
    expect(shop.applyCalls[0]).toMatchObject({
      orderIds: [11, 13],
      addressId: 2,
      shippingMethodId: 5,
      remark: '请合并成一箱',
    })
    expect(shop.applyCalls[0]?.key).toMatch(/\S/)
  })

  it('sends a blank remark as none', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'SELECT_ALL' })
    actor.send({ type: 'SET_REMARK', remark: '   ' })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches('applied'))
    expect(shop.applyCalls[0]?.remark).toBeNull()
  })

  it('keeps an unpaid-fees refusal for the page and goes back to the draft', async () => {
    const shop = new FakeShop()
    shop.refuseNext = { kind: 'refused', reason: 'unpaidFees', orderIds: [] }
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'SELECT_ALL' })
    actor.send({ type: 'SUBMIT' })
    const back = await ready(actor)
    expect(back.context.refusal).toEqual({ kind: 'refused', reason: 'unpaidFees', orderIds: [] })
    expect(back.context.selected).toEqual([11, 12, 13])
    expect(back.context.submitKey).toBeNull()
    // the next press is a new request; the refusal goes with it
    actor.send({ type: 'SUBMIT' })
    const done = await waitFor(actor, (s) => s.matches('applied'))
    expect(done.context.refusal).toBeNull()
    expect(shop.applyCalls[1]?.key).not.toBe(shop.applyCalls[0]?.key)
  })

  it('unselects and flags the orders a refusal names', async () => {
    const shop = new FakeShop()
    shop.refuseNext = { kind: 'refused', reason: 'forfeited', orderIds: [12] }
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'SELECT_ALL' })
    actor.send({ type: 'SUBMIT' })
    const back = await ready(actor)
    expect(back.context.selected).toEqual([11, 13])
    expect(back.context.flagged).toEqual([12])
    actor.send({ type: 'TOGGLE_ORDER', orderId: 12 })
    actor.send({ type: 'SELECT_ALL' })
    expect(actor.getSnapshot().context.selected).toEqual([11, 13])
  })

  it('keeps a 400 as the server worded it', async () => {
    const shop = new FakeShop()
    shop.refuseNext = { kind: 'invalid', message: 'remark: must be at most 200 characters' }
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'SELECT_ALL' })
    actor.send({ type: 'SUBMIT' })
    const back = await ready(actor)
    expect(back.context.refusal).toEqual({
      kind: 'invalid',
      message: 'remark: must be at most 200 characters',
    })
  })

  it('says so without an answer and never sends again by itself', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'SELECT_ALL' })
    shop.offline = true
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches({ unsent: 'waiting' }))
    await settle()
    expect(shop.applyCalls).toEqual([])
    expect(actor.getSnapshot().context.submitKey).not.toBeNull()

    // back online: the server is read (not written); every order still waits, so the shopper decides
    shop.offline = false
    actor.send({ type: 'ONLINE' })
    await waitFor(actor, (s) => s.matches({ unsent: 'ready' }))
    expect(shop.applyCalls).toEqual([])
    const key = actor.getSnapshot().context.submitKey
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('applied'))
    expect(shop.applyCalls).toHaveLength(1)
    expect(shop.applyCalls[0]?.key).toBe(key)
  })

  it('counts a request whose answer was lost as applied once its application is found', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'TOGGLE_ORDER', orderId: 11 })
    actor.send({ type: 'TOGGLE_ORDER', orderId: 12 })
    shop.loseAnswers = true
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches({ unsent: 'waiting' }))
    shop.loseAnswers = false
    actor.send({ type: 'RETRY' })
    const done = await waitFor(actor, (s) => s.matches('applied'))
    expect(done.context.applyId).toBe(100)
    expect(shop.applyCalls).toHaveLength(1)
    expect(shop.listReads).toBe(1)
  })

  it('changes an unanswered request into a new one when the shopper edits it', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'SELECT_ALL' })
    shop.offline = true
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches({ unsent: 'waiting' }))
    // not yet read again: editing is not offered
    actor.send({ type: 'EDIT' })
    expect(actor.getSnapshot().matches({ unsent: 'waiting' })).toBe(true)
    shop.offline = false
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches({ unsent: 'ready' }))
    const firstKey = actor.getSnapshot().context.submitKey
    actor.send({ type: 'EDIT' })
    await ready(actor)
    expect(actor.getSnapshot().context.submitKey).toBeNull()
    actor.send({ type: 'TOGGLE_ORDER', orderId: 13 })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches('applied'))
    expect(shop.applyCalls[0]?.key).not.toBe(firstKey)
    expect(shop.applyCalls[0]?.orderIds).toEqual([11, 12])
  })

  it('waits in loadFailed when the server cannot be read, and reads again on a retry', async () => {
    const shop = new FakeShop()
    shop.offline = true
    const actor = start(shop)
    await waitFor(actor, (s) => s.matches('loadFailed'))
    shop.offline = false
    actor.send({ type: 'RETRY' })
    await ready(actor)
  })
})

describe('packaging machine: saved and restored', () => {
  it('round-trips a draft: orders, address, method and remark come back after a reload', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'TOGGLE_ORDER', orderId: 12 })
    actor.send({ type: 'CHOOSE_ADDRESS', addressId: 1 })
    await ready(actor)
    actor.send({ type: 'CHOOSE_METHOD', methodId: 5 })
    actor.send({ type: 'SET_REMARK', remark: '易碎品' })

    // meanwhile an order was requested from another tab and a new one arrived
    shop.orders = [order(12), order(13), order(14)]
    const restored = reload(shop, actor)
    const snapshot = await ready(restored)
    expect(shop.goodsReads).toBe(2)
    expect(snapshot.context.orders.map((o) => o.id)).toEqual([12, 13, 14])
    expect(snapshot.context).toMatchObject({ selected: [12], addressId: 1, methodId: 5, remark: '易碎品' })
  })

  it('falls back to the default address when the saved one was deleted', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'CHOOSE_ADDRESS', addressId: 1 })
    await ready(actor)
    shop.addresses = [address(2, 1)]
    const snapshot = await ready(reload(shop, actor))
    expect(snapshot.context.addressId).toBe(2)
  })

  it('restores a request sent without an answer as suspended, then finds its application', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'TOGGLE_ORDER', orderId: 11 })
    // the page closes while the request is in flight, after the server made the application
    let release: () => void = () => {}
    shop.answerGate = new Promise<void>((resolve) => {
      release = resolve
    })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, () => shop.applyCalls.length === 1)
    const parsed = parseSavedPackaging(saved(actor), OWNER)
    expect(parsed?.value).toBe('suspended')
    release()

    const restored = reload(shop, actor)
    const done = await waitFor(restored, (s) => s.matches('applied'))
    expect(done.context.applyId).toBe(100)
    expect(shop.applyCalls).toHaveLength(1)
  })

  it('restores a request that never reached the server as unsent, sent only on the shopper’s press', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    await ready(actor)
    actor.send({ type: 'SELECT_ALL' })
    shop.offline = true
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches({ unsent: 'waiting' }))
    shop.offline = false
    const restored = reload(shop, actor)
    await waitFor(restored, (s) => s.matches({ unsent: 'ready' }))
    await settle()
    expect(shop.applyCalls).toEqual([])
    restored.send({ type: 'RETRY' })
    await waitFor(restored, (s) => s.matches('applied'))
  })

  it('reads no damaged snapshot, another shopper’s, or a state this version does not have', async () => {
    const actor = start(new FakeShop())
    await ready(actor)
    const persisted = saved(actor) as SavedPackaging
    expect(parseSavedPackaging(persisted, OWNER)?.value).toEqual({ choosing: 'ready' })
    expect(parseSavedPackaging(persisted, 'customer:8')).toBeUndefined()
    expect(parseSavedPackaging({ ...persisted, value: 'teleporting' }, OWNER)).toBeUndefined()
    expect(parseSavedPackaging({ ...persisted, value: { choosing: 'nowhere' } }, OWNER)).toBeUndefined()
    const damaged = [
      { selected: [0] },
      { selected: 'all' },
      { addressId: -1 },
      { remark: 'x'.repeat(201) },
      { refusal: { kind: 'refused', reason: 'unpaidFees' } },
      { orders: null },
    ]
    for (const change of damaged) {
      expect(
        parseSavedPackaging({ ...persisted, context: { ...persisted.context, ...change } }, OWNER),
      ).toBeUndefined()
    }
    expect(parseSavedPackaging('draft', OWNER)).toBeUndefined()
  })
})
