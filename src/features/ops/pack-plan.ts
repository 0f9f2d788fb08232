import { MAX_BOX_SIDE_MM, MAX_BOX_WEIGHT_G, type PackBody } from '../../domain/packaging.ts'
import { ValidationMessage } from '../../domain/validation-messages.ts'

/* The pack dialog's boxes as typed, and the client's own check before POST …/pack (packBody's rules). */

export const BOX_FIELDS = ['weightG', 'lengthMm', 'widthMm', 'heightMm'] as const
export type BoxField = (typeof BOX_FIELDS)[number]

/** One box as the operator types it; `key` stays with the box when others are removed. */
export interface BoxDraft {
  key: number
  weightG: string
  lengthMm: string
  widthMm: string
  heightMm: string
}

export const emptyBox = (key: number): BoxDraft => ({
  key,
  weightG: '',
  lengthMm: '',
  widthMm: '',
  heightMm: '',
})

export interface PackCheck {
  /** The body to send; undefined while anything below is wrong. */
  body: PackBody | undefined
  /** Per box key, the phrase for each field that is not a whole number in range. */
  fieldErrors: ReadonlyMap<number, Partial<Record<BoxField, ValidationMessage>>>
  /** Lines in no box. */
  unassigned: number[]
  /** Keys of boxes without a line. */
  emptyBoxes: number[]
}

const MAX_OF: Record<BoxField, number> = {
  weightG: MAX_BOX_WEIGHT_G,
  lengthMm: MAX_BOX_SIDE_MM,
  widthMm: MAX_BOX_SIDE_MM,
  heightMm: MAX_BOX_SIDE_MM,
}

/** A whole number from 1 to `max`, as typed; undefined otherwise. */
export function wholeIn(text: string, max: number): number | undefined {
  const trimmed = text.trim()
  if (!/^\d{1,9}$/.test(trimmed)) return undefined
  const value = Number(trimmed)
  return value >= 1 && value <= max ? value : undefined
}

/**
 * Checks the boxes: every measure a whole number in range, every line in exactly one box (a select
 * per line makes "more than one" impossible), no box empty. Boxes keep their order, lines theirs.
 */
export function checkPack(
  lines: readonly { id: number }[],
  boxes: readonly BoxDraft[],
  boxOf: ReadonlyMap<number, number>,
): PackCheck {
  const fieldErrors = new Map<number, Partial<Record<BoxField, ValidationMessage>>>()
  const keys = new Set(boxes.map((box) => box.key))
  const unassigned = lines.filter((line) => !keys.has(boxOf.get(line.id) ?? -1)).map((line) => line.id)
  const emptyBoxes: number[] = []
  const built: PackBody['boxes'] = []
  for (const box of boxes) {
    const errors: Partial<Record<BoxField, ValidationMessage>> = {}
    const measures: Partial<Record<BoxField, number>> = {}
    for (const field of BOX_FIELDS) {
      const value = wholeIn(box[field], MAX_OF[field])
      if (value === undefined) {
        errors[field] = field === 'weightG' ? ValidationMessage.boxWeight : ValidationMessage.boxSide
      } else {
        measures[field] = value
      }
    }
    if (Object.keys(errors).length > 0) fieldErrors.set(box.key, errors)
    const lineIds = lines.filter((line) => boxOf.get(line.id) === box.key).map((line) => line.id)
    if (lineIds.length === 0) emptyBoxes.push(box.key)
    built.push({
      weightG: measures.weightG ?? 0,
      lengthMm: measures.lengthMm ?? 0,
      widthMm: measures.widthMm ?? 0,
      heightMm: measures.heightMm ?? 0,
      lineIds,
    })
  }
  const fine =
    fieldErrors.size === 0 && unassigned.length === 0 && emptyBoxes.length === 0 && boxes.length > 0
  return { body: fine ? { boxes: built } : undefined, fieldErrors, unassigned, emptyBoxes }
}
