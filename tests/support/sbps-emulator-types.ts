import type { Fields } from './sbps-browser.ts'

/* The SBPS emulator's options, knobs and records (sbps-emulator.ts). */

export interface SbpsEmulatorOptions {
  merchantId: string
  serviceId: string
  hashKey: string
  /** The emulator's clock (default real time): give it the shop's so request_date and res_date agree. */
  now?: () => Date
  /** res_err_code of a declined payment (a placeholder: the facts list no SBPS error codes). */
  declineCode?: string
  port?: number
}

export interface SbpsDeliveryKnobs {
  /** Deliver this late, in the background (await `settled()`). */
  delayMs: number
  /** The notification twice at once (same order_id and res_tracking_id: SBPS's retry racing the first). */
  twice: boolean
  /** After an OK, an NG of an older tracking id of the same order_id (an earlier declined try, late). */
  outOfOrder: boolean
  /** A notification whose sps_hashcode does not match its fields. */
  badSignature: boolean
}

export interface RecordedRequest {
  method: string
  path: string
  headers: Record<string, string>
  /** The form's fields in the order received, decoded from Shift_JIS. */
  fields: Fields
  /** Why the emulator refused it (its error page), or null. */
  refused: string | null
}

export interface RecordedNotification {
  orderId: string
  trackingId: string
  result: string
  /** The fields sent, in wire order. */
  fields: Fields
  /** The shop's answer (decoded from Shift_JIS); null when it could not be reached. */
  status: number | null
  answer: string | null
  contentType: string | null
  /** The shop answered exactly `OK,`. */
  accepted: boolean
}

export type PurchaseStatus = 'open' | 'paid' | 'declined' | 'cancelled' | 'awaiting-store'

export interface Purchase {
  key: string
  orderId: string
  /** The request's fields by name (sps_hashcode included). */
  fields: Record<string, string>
  status: PurchaseStatus
  trackingIds: string[]
}

export interface NotifyOptions {
  result?: 'OK' | 'NG'
  /** Default: a new one. */
  trackingId?: string
  /** res_date (default the emulator's now). */
  resDate?: Date
  badSignature?: boolean
  /** Fields replaced before hashing (a notification of another merchant, another amount). */
  override?: Record<string, string>
}
