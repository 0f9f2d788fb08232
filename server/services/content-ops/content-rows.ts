import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { announcements, articles, banners } from '../../db/schema.ts'
import { notFound } from '../../http/envelope.ts'
import { changedValues } from '../catalog-ops/catalog-save.ts'
import { type ContentSave, recordContentChange } from './content-save.ts'

/*
 * Adding, editing and deleting one row of the content room's tables (banners, announcements,
 * articles) alike: each in one transaction, the row locked before it changes, an unknown id 404, and
 * the audit row and the home's cache notice (content-save.ts) in the same transaction.
 */

type ContentTable = typeof banners | typeof announcements | typeof articles

/** One table of the content room: how its rows are written, answered and audited. */
export interface ContentKind<T extends ContentTable, CreateBody, UpdateBody, Dto> {
  table: T
  entity: 'banner' | 'announcement' | 'article'
  dto: (row: T['$inferSelect']) => Dto
  /** What an audit row keeps: every field the operator edits. */
  audited: (row: T['$inferSelect']) => object
  /** A new row's columns, at `at` (may refuse the body with a 400). */
  created: (tx: Db, body: CreateBody, at: Date) => Promise<T['$inferInsert']> | T['$inferInsert']
  /** The columns an edit writes, at `at` (may refuse the body with a 400). */
  updated: (
    tx: Db,
    body: UpdateBody,
    at: Date,
  ) => Promise<Partial<T['$inferInsert']>> | Partial<T['$inferInsert']>
}

/** POST, PUT /{id} and DELETE /{id} of one content table. */
export function contentRows<T extends ContentTable, CreateBody, UpdateBody, Dto>(
  kind: ContentKind<T, CreateBody, UpdateBody, Dto>,
) {
  // Drizzle follows the columns the three tables share (id) through their union, not through T.
  const table: ContentTable = kind.table
  type Row = T['$inferSelect']

  async function locked(tx: Db, id: number): Promise<Row> {
    const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update')
    if (!row) throw notFound(kind.entity)
    return row
  }

  return {
    create(db: Db, body: CreateBody, save: ContentSave): Promise<Dto> {
      return db.transaction(async (tx) => {
        const values = await kind.created(tx, body, save.at)
        const [row] = await tx.insert(table).values(values).returning()
        if (!row) throw new Error(`${kind.entity} insert returned nothing`)
        await recordContentChange(tx, save, {
          entity: kind.entity,
          verb: 'create',
          id: row.id,
          before: null,
          after: kind.audited(row),
        })
        return kind.dto(row)
      })
    },

    update(db: Db, id: number, body: UpdateBody, save: ContentSave): Promise<Dto> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, id)
        const values = await kind.updated(tx, body, save.at)
        const [saved] = await tx.update(table).set(values).where(eq(table.id, id)).returning()
        if (!saved) throw notFound(kind.entity)
        await recordContentChange(tx, save, {
          entity: kind.entity,
          verb: 'update',
          id,
          ...changedValues(kind.audited(row), kind.audited(saved)),
        })
        return kind.dto(saved)
      })
    },

    remove(db: Db, id: number, save: ContentSave): Promise<void> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, id)
        await tx.delete(table).where(eq(table.id, id))
        await recordContentChange(tx, save, {
          entity: kind.entity,
          verb: 'delete',
          id,
          before: kind.audited(row),
          after: null,
        })
      })
    },
  }
}
