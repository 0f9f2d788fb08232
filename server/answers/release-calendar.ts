import * as v from 'valibot'
import type { CalendarDto, CalendarFeedUrlDto } from '../../src/domain/release-calendar.ts'
import { productCardAnswer } from './catalog.ts'
import { answerOf, named } from './shape.ts'

export const calendarAnswer = named(
  'CalendarDto',
  answerOf<CalendarDto>()(
    v.strictObject({
      list: v.array(
        v.strictObject({
          date: v.string(),
          kind: v.picklist(['release', 'preorderCloses']),
          product: productCardAnswer,
        }),
      ),
    }),
  ),
)

export const calendarFeedUrlAnswer = named(
  'CalendarFeedUrlDto',
  answerOf<CalendarFeedUrlDto>()(v.strictObject({ url: v.string() })),
)
