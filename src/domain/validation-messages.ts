/**
 * The English phrases the schemas of src/domain report. A 400 reads `${field}: ${message}`, so most are
 * lower-case phrases that follow a field name; the client maps each phrase to a translated message.
 * Limits are spelled out per phrase (not built from numbers) so that every message is a fixed key.
 * The page limits of queries.ts ('must be a whole number from 1 to 100') and the language message of
 * language.ts are built there and are not listed here.
 */
export const ValidationMessage = {
  required: 'is required',
  notObject: 'must be an object',
  // PostgreSQL stores no NUL in text: refused for every field (server/http/validate.ts)
  noNul: 'must not contain a NUL character',
  // the whole request body over its route's limit (a 413)
  bodyTooLarge: 'is larger than this call accepts',
  text: 'must be text',
  email: 'must be a valid e-mail address',
  passwordPolicy:
    'must be 8–16 characters with an upper-case letter, a lower-case letter, a digit and one of ! @ # $ % & * . , ?',
  // The spec's wording (§5), shown as is under the confirmation field.
  passwordMismatch: 'Passwords do not match',
  emailCode: 'must be the 6-digit code from the e-mail',
  emailCodeType: 'must be 1 (register), 2 (reset password) or 3 (replace e-mail)',
  nickname: 'must be 1–32 characters',
  phone: 'must be a valid phone number',
  messagingAccountEmpty: 'the messaging account cannot be empty',
  sex: 'must be 0 (unknown), 1 (male) or 2 (female)',
  date: 'must be a real date written YYYY-MM-DD',
  birthdayRange: 'must be a date from 1900-01-01 to 2100-12-31',
  endBeforeStart: 'must not be before the start date',
  avatarTooLarge: 'must be smaller than 2 MB',
  fileSize: 'must be a file size in bytes',
  avatarEmpty: 'must not be an empty file',
  avatarType: 'must be a JPEG, PNG, WebP or GIF image',
  redirectUrl: 'must be a path on this site',
  country: "must be one of the shop's countries and regions",
  flag: 'must be 0 or 1',
  id: 'must be a positive whole number',
  idList: 'must be a list of 1 to 200 positive whole numbers',
  idempotencyKey: 'must be 1–100 letters, digits or - _ : .',
  zip: 'must be a US ZIP code (12345 or 12345-6789)',
  postCode: 'must be at most 16 letters, digits, spaces or hyphens',
  productType: 'must be a product type from 0 to 9',
  orderStatus: 'must be one of the order status codes',
  payType: 'must be one of the route’s payment types',
  points: 'must be a whole number of points from 0 to 99999999',
  atMost50: 'must be at most 50 characters',
  atMost64: 'must be at most 64 characters',
  atMost100: 'must be at most 100 characters',
  atMost200: 'must be at most 200 characters',
  atMost2048: 'must be at most 2048 characters',
  notInFuture: 'must be today or earlier (shop time)',
  arrivalForfeited: 'is so long ago that the goods would already be forfeited',
  splitGroups: 'must be two or more groups that together hold every line of the order once',
  lineIds: 'must be some, not all, of the order’s lines, each once',
  packageStatus: 'must be 3, 4, 5 or 9',
  boxes: 'must be 1 to 20 boxes',
  boxWeight: 'must be a whole number of grams from 1 to 70000',
  boxSide: 'must be a whole number of millimetres from 1 to 3000',
  boxLines: 'must be the application’s lines, each in exactly one box',
  carrier: 'must be japanpost or dhl',
  trackingNo: 'is not a valid tracking number for this carrier',
} as const

export type ValidationMessage = (typeof ValidationMessage)[keyof typeof ValidationMessage]
