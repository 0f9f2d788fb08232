import * as v from 'valibot'
import type { HistoryEntryDto } from '../../src/domain/catalog.ts'
import type { Page } from '../../src/domain/queries.ts'
import { productCardEntries } from './catalog.ts'
import { answerOf, count, named, pageOf, time } from './shape.ts'

/** One row of the browsing history: the product card and when it was last opened. */
export const historyEntryAnswer = named(
  'HistoryEntryDto',
  answerOf<HistoryEntryDto>()(v.strictObject({ ...productCardEntries, viewedAt: time })),
)
export const historyPageAnswer = answerOf<Page<HistoryEntryDto>>()(pageOf(historyEntryAnswer))

export const historyRemovedAnswer = answerOf<{ removed: number }>()(v.strictObject({ removed: count }))
