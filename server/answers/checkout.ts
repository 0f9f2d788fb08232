import { orderAnswer } from './orders.ts'

/** POST /mall/order/createOrder: the new order, in 2 waitPay. */
export const createdOrderAnswer = orderAnswer

/** POST /mall/order/cancel/{id}: the order as it now stands, in 1 cancelled. */
export const cancelledOrderAnswer = orderAnswer
