/** The refusal the cart reports for a change to a line the server no longer has (removed elsewhere). */
export const LINE_GONE_MESSAGE = 'cartId: not in your cart'
