/** The anchor of the balance panel on the order page: `/order/{id}#pay-balance` lands on it. */
export const PAY_BALANCE_ANCHOR = 'pay-balance'
