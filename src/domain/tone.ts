/**
 * The spec's colour convention (§4): orange for waiting states, green for progressed or complete
 * ones, red for cancelled, refunded or locked ones, blue for the rest. Components map a tone to a
 * colour token; the domain only says which kind a code is.
 */
export type Tone = 'waiting' | 'done' | 'cancelled' | 'other'
