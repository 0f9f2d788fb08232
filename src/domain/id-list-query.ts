import * as v from 'valibot'

/*
 * A query value naming several ids of one kind. Its own module, not queries.ts: queries.ts is in the
 * shopper's first load, and only a few pages (extra fees, packaging) take such a list.
 */

/**
 * Comma-separated ids of one kind ("3" or "3,7,9"), each once, at most `max` of them: `noun` names the
 * kind in the messages ("must be order ids separated by commas").
 */
export const commaIdList = (noun: string, max: number) => {
  const shape = `must be ${noun} ids separated by commas`
  return v.pipe(
    v.string(),
    v.regex(/^\d{1,9}(,\d{1,9})*$/, shape),
    v.transform((text) => text.split(',').map(Number)),
    v.check((ids) => ids.every((id) => id >= 1), shape),
    v.check((ids) => new Set(ids).size === ids.length, `must not name a ${noun} twice`),
    v.check((ids) => ids.length <= max, `must name at most ${max} ${noun}s`),
  )
}
