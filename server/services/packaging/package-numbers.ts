/* Package numbers (flows §5, §9 `packageNo`): readable on a label, unique across the shop. */

/** Every package number starts with this: Yoyaku Package. */
export const PACKAGE_NO_PREFIX = 'YP'

/** Digits the application id is padded to, so numbers sort and read alike until a million requests. */
const APPLY_ID_DIGITS = 6

/**
 * The number of box `boxIndex` (1-based, in the order the operator recorded the boxes) of application
 * `applyId`: `YP000042-1`, `YP000042-2`… Unique because an application is packed once (1 → 2 → 3 only)
 * and its boxes are numbered from 1; the packages_package_no_idx unique index holds the line anyway.
 */
export function packageNumber(applyId: number, boxIndex: number): string {
  if (!Number.isSafeInteger(applyId) || applyId < 1) throw new RangeError(`bad application id ${applyId}`)
  if (!Number.isSafeInteger(boxIndex) || boxIndex < 1) throw new RangeError(`bad box index ${boxIndex}`)
  return `${PACKAGE_NO_PREFIX}${String(applyId).padStart(APPLY_ID_DIGITS, '0')}-${boxIndex}`
}
