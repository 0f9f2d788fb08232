import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { AddressDto } from '../../src/domain/address.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import type { PackageApplyDto, ShippingMethodEstimateDto } from '../../src/domain/packaging.ts'
import { newAttemptKey } from '../payment/payment-types.ts'
import {
  type ApplyInput,
  isPackagingFailure,
  MAX_REMARK_LENGTH,
  type PackagingContext,
  type PackagingEvent,
  type PackagingFailure,
  type PackagingGoods,
  type PackagingInput,
} from './packaging-types.ts'

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`packaging machine: actor '${name}' not provided`))
}

function failureOf(error: unknown): PackagingFailure {
  return isPackagingFailure(error) ? error : { kind: 'offline' }
}

/**
 * Whether the shopper may choose an order: not one the last refusal named, and not one whose goods are
 * already forfeited (past the packaging deadline's grace: the server refuses it).
 */
export function isSelectable(
  order: Pick<OrderDto, 'id' | 'deadlineState'>,
  flagged: readonly number[],
): boolean {
  return order.deadlineState !== 'forfeited' && !flagged.includes(order.id)
}

/** The address a new draft starts with: the default one, else the first. */
export function defaultAddressId(addresses: readonly AddressDto[]): number | null {
  return (addresses.find((address) => address.acquiescent === 1) ?? addresses[0])?.id ?? null
}

/** Whether a method may be preferred: one the server offers for the chosen address. */
const isOffered = (methods: readonly ShippingMethodEstimateDto[], methodId: number): boolean =>
  methods.some((method) => method.methodId === methodId && method.available)

/** Some order of the request sent is no longer waiting for packaging: the request may have landed. */
const requestMayHaveLanded = (context: PackagingContext, goods: PackagingGoods): boolean => {
  const waiting = new Set(goods.orders.map((order) => order.id))
  return context.selected.some((id) => !waiting.has(id))
}

/** The draft read against what the server says now: orders gone are dropped, a lost address replaced. */
function draftAgainst(context: PackagingContext, goods: PackagingGoods): Partial<PackagingContext> {
  const waiting = new Set(goods.orders.map((order) => order.id))
  const keepsAddress =
    context.addressId !== null && goods.addresses.some((address) => address.id === context.addressId)
  return {
    orders: goods.orders,
    addresses: goods.addresses,
    selected: context.selected.filter((id) => waiting.has(id)),
    flagged: [],
    addressId: keepsAddress ? context.addressId : defaultAddressId(goods.addresses),
    methods: keepsAddress ? context.methods : [],
    methodId: keepsAddress ? context.methodId : null,
  }
}

const goodsParams = ({ event }: { event: { output: PackagingGoods } }) => ({ goods: event.output })
const failureParams = ({ event }: { event: { error: unknown } }) => ({ failure: failureOf(event.error) })

/**
 * A packaging request (flows §5, §8): read the orders waiting for packaging and the shopper's addresses
 * → choose orders, address, a preferred method (with its "from ¥…" estimate for that address) and a
 * remark, every change kept so a reload restores the draft → send → applied, or refused (the page says
 * why and the orders it named are flagged), or no answer (it says so and waits: only the shopper's
 * press sends the same request again, with the same key). Restored from storage, it reads the server
 * first; a request whose answer was lost counts as applied when its application exists.
 */
export const packagingMachine = setup({
  types: {
    context: {} as PackagingContext,
    events: {} as PackagingEvent,
    input: {} as PackagingInput,
  },
  actors: {
    /** The orders waiting for packaging and the shopper's addresses. */
    loadGoods: fromPromise<PackagingGoods, void>(() => notProvided('loadGoods')),
    /** GET /mall/package_apply/methods?addressId=. */
    loadMethods: fromPromise<ShippingMethodEstimateDto[], { addressId: number }>(() =>
      notProvided('loadMethods'),
    ),
    /** POST /mall/package_apply/apply. */
    apply: fromPromise<PackageApplyDto, ApplyInput>(() => notProvided('apply')),
    /** The shopper's application holding any of these orders (GET /mall/package_apply/list), or null. */
    findApplication: fromPromise<PackageApplyDto | null, { orderIds: number[] }>(() =>
      notProvided('findApplication'),
    ),
  },
  actions: {
    adoptDraft: assign(({ context }, params: { goods: PackagingGoods }) =>
      draftAgainst(context, params.goods),
    ),
    adoptGoods: assign((_, params: { goods: PackagingGoods }) => ({
      orders: params.goods.orders,
      addresses: params.goods.addresses,
    })),
    keepRefusal: assign(({ context }, params: { failure: PackagingFailure }) => {
      const { failure } = params
      if (failure.kind === 'offline') return {}
      if (
        failure.kind === 'refused' &&
        (failure.reason === 'orderNotReady' || failure.reason === 'forfeited')
      ) {
        const named = new Set(failure.orderIds)
        return {
          refusal: failure,
          selected: context.selected.filter((id) => !named.has(id)),
          flagged: [...new Set([...context.flagged, ...failure.orderIds])],
        }
      }
      return { refusal: failure }
    }),
  },
  guards: {
    hasAddress: ({ context }) => context.addressId !== null,
    canSubmit: ({ context }) =>
      context.selected.length > 0 &&
      context.addressId !== null &&
      context.remark.length <= MAX_REMARK_LENGTH &&
      (context.methodId === null || isOffered(context.methods, context.methodId)),
    isOffline: (_, params: { failure: PackagingFailure }) => params.failure.kind === 'offline',
    awaitsAnswer: ({ context }) => context.submitKey !== null,
  },
}).createMachine({
  id: 'packaging',
  context: ({ input }) => ({
    owner: input.owner,
    orders: [],
    addresses: [],
    methods: [],
    selected: [],
    addressId: null,
    methodId: null,
    remark: '',
    submitKey: null,
    applyId: null,
    flagged: [],
    refusal: null,
  }),
  initial: 'loading',
  states: {
    /**
     * A call was in flight when the flow was saved: nothing is sent again until the feature says the
     * flow is restored, and then the server is read first.
     */
    suspended: {
      on: { RESUME: 'loading' },
    },
    /** Reads the orders waiting for packaging and the addresses; a refusal shown is read afresh too. */
    loading: {
      entry: assign({ refusal: null }),
      invoke: {
        src: 'loadGoods',
        onDone: [
          {
            // a request whose answer was lost, and some of its orders no longer wait: did it land?
            guard: ({ context, event }) =>
              context.submitKey !== null && requestMayHaveLanded(context, event.output),
            target: 'checking',
            actions: { type: 'adoptGoods', params: goodsParams },
          },
          {
            // every order of it still waits: it never landed; only the shopper sends it again
            guard: 'awaitsAnswer',
            target: 'unsent.ready',
            actions: { type: 'adoptDraft', params: goodsParams },
          },
          { target: 'choosing', actions: { type: 'adoptDraft', params: goodsParams } },
        ],
        onError: 'loadFailed',
      },
    },
    /** The server could not be read: the page says so; the shopper's retry or the connection reads again. */
    loadFailed: {
      on: { RETRY: 'loading', ONLINE: 'loading', RESUME: 'loading' },
    },
    /** Looks for the application a lost request made. */
    checking: {
      invoke: {
        src: 'findApplication',
        input: ({ context }) => ({ orderIds: context.selected }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'applied',
            actions: assign(({ event }) => ({ applyId: event.output?.id ?? null, submitKey: null })),
          },
          {
            // none: the missing orders left for another reason (forfeited, refunded); the rest is the draft
            target: 'choosing',
            actions: assign(({ context }) => draftAgainst(context, context)),
          },
        ],
        onError: 'loadFailed',
      },
    },
    /** The shopper chooses; the methods (and their estimates) follow the chosen address. */
    choosing: {
      // whatever was sent before is settled (refused) or left: the next press is a new request
      entry: assign({ submitKey: null }),
      initial: 'pick',
      states: {
        pick: {
          always: [{ guard: 'hasAddress', target: 'methods' }, { target: 'noAddress' }],
        },
        methods: {
          invoke: {
            src: 'loadMethods',
            input: ({ context }) => ({ addressId: context.addressId ?? 0 }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                methods: event.output,
                methodId:
                  context.methodId !== null && isOffered(event.output, context.methodId)
                    ? context.methodId
                    : null,
              })),
            },
            // the request needs no method: the shopper may send it without a preference
            onError: { target: 'methodsFailed', actions: assign({ methods: [], methodId: null }) },
          },
        },
        ready: {
          on: { SUBMIT: { guard: 'canSubmit', target: '#packaging.submitting' } },
        },
        methodsFailed: {
          on: {
            RETRY: 'methods',
            ONLINE: 'methods',
            SUBMIT: { guard: 'canSubmit', target: '#packaging.submitting' },
          },
        },
        /** The shopper has no address: "please add a delivery address". */
        noAddress: {},
      },
      on: {
        TOGGLE_ORDER: {
          guard: ({ context, event }) =>
            context.selected.includes(event.orderId) ||
            context.orders.some(
              (order) => order.id === event.orderId && isSelectable(order, context.flagged),
            ),
          actions: assign(({ context, event }) => ({
            selected: context.selected.includes(event.orderId)
              ? context.selected.filter((id) => id !== event.orderId)
              : context.orders
                  .map((order) => order.id)
                  .filter((id) => id === event.orderId || context.selected.includes(id)),
          })),
        },
        SELECT_ALL: {
          actions: assign(({ context }) => ({
            selected: context.orders
              .filter((order) => isSelectable(order, context.flagged))
              .map((order) => order.id),
          })),
        },
        SELECT_NONE: { actions: assign({ selected: [] }) },
        CHOOSE_ADDRESS: {
          guard: ({ context, event }) =>
            event.addressId !== context.addressId &&
            context.addresses.some((address) => address.id === event.addressId),
          target: '.methods',
          actions: assign(({ event }) => ({ addressId: event.addressId, methods: [], methodId: null })),
        },
        CHOOSE_METHOD: {
          guard: ({ context, event }) =>
            event.methodId === null || isOffered(context.methods, event.methodId),
          actions: assign(({ event }) => ({ methodId: event.methodId })),
        },
        SET_REMARK: {
          actions: assign(({ event }) => ({ remark: event.remark.slice(0, MAX_REMARK_LENGTH) })),
        },
        RESUME: '#packaging.loading',
      },
    },
    submitting: {
      entry: assign({
        refusal: null,
        submitKey: ({ context }) => context.submitKey ?? newAttemptKey(),
      }),
      invoke: {
        src: 'apply',
        input: ({ context }) => ({
          key: context.submitKey ?? '',
          orderIds: context.selected,
          addressId: context.addressId ?? 0,
          shippingMethodId: context.methodId,
          remark: context.remark.trim() || null,
        }),
        onDone: {
          target: 'applied',
          actions: assign(({ event }) => ({ applyId: event.output.id, submitKey: null })),
        },
        onError: [
          { guard: { type: 'isOffline', params: failureParams }, target: 'unsent' },
          { target: 'choosing', actions: { type: 'keepRefusal', params: failureParams } },
        ],
      },
    },
    /**
     * No answer to the request: it may have been made. Nothing is sent by itself. Until the server has
     * been read again (`waiting`) the shopper's press (or the connection coming back) reads it; once it
     * says every order still waits (`ready`), the press sends the same request again (same key), or the
     * shopper changes it (a new request).
     */
    unsent: {
      initial: 'waiting',
      states: {
        waiting: { on: { RETRY: '#packaging.loading', ONLINE: '#packaging.loading' } },
        ready: {
          on: { RETRY: '#packaging.submitting', EDIT: '#packaging.choosing' },
        },
      },
      on: { RESUME: 'loading' },
    },
    /** The application was made: the page moves on to its number. */
    applied: {},
  },
})

export type PackagingMachine = typeof packagingMachine
export type PackagingActor = ActorRefFrom<PackagingMachine>
export type PackagingSnapshot = SnapshotFrom<PackagingMachine>
