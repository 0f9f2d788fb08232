import * as v from 'valibot'
import type { FavouriteToggleDto } from '../../src/domain/catalog.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { FavouriteCardDto } from '../services/favourites.ts'
import { productCardEntries } from './catalog.ts'
import { answerOf, count, id, named, pageOf } from './shape.ts'

/** A product's favourite state (collectOrCancel, collectOrDelete, check): bid null when not a favourite. */
export const favouriteToggleAnswer = named(
  'FavouriteToggleDto',
  answerOf<FavouriteToggleDto>()(v.strictObject({ collected: v.boolean(), bid: v.nullable(id) })),
)

/** A card of the favourites list: always a favourite, so its `bid` is always there. */
export const favouriteCardAnswer = named(
  'FavouriteCardDto',
  answerOf<FavouriteCardDto>()(
    v.strictObject({ ...productCardEntries, bid: id, orderable: v.boolean(), alerted: v.boolean() }),
  ),
)
export const favouriteCardPageAnswer = answerOf<Page<FavouriteCardDto>>()(pageOf(favouriteCardAnswer))

export const favouritesRemovedAnswer = answerOf<{ removed: number }>()(v.strictObject({ removed: count }))
