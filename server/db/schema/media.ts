import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import type { MediaVariant } from '../../../src/domain/media.ts'
import { users } from './accounts.ts'
import { createdAt } from './columns.ts'

/*
 * Uploaded pictures (backoffice §2 Images). An upload is decoded and re-encoded once; the row keeps
 * what every page needs to draw it (size, placeholder, the encoded variants' storage keys), so a
 * product or brand keeps a copy of it and no read joins this table. Media are never changed after
 * they are written: a new picture is a new row.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** A tiny blurred WebP as a data: URL, drawn while the picture loads. */
    placeholder: text('placeholder').notNull(),
    /** Every encoded variant: width, format and the media store's key. */
    variants: jsonb('variants').$type<MediaVariant[]>().notNull(),
    /** Bytes of the upload as received (for the record; the original is not kept). */
    sourceBytes: integer('source_bytes').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('media_size_check', sql`${t.width} > 0 and ${t.height} > 0`)],
)
