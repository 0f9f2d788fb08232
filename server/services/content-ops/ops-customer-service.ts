import { asc, eq } from 'drizzle-orm'
import {
  ContentMessage,
  type CustomerServiceBody,
  type OpsContactDto,
  type OpsCustomerServiceDto,
} from '../../../src/domain/content-ops.ts'
import { fallbackUrlOf } from '../../../src/domain/media.ts'
import type { Db } from '../../db/client.ts'
import { customerServiceContacts, shopSettings } from '../../db/schema.ts'
import { badField } from '../catalog-ops/field-errors.ts'
import { mediaImagesByIds } from '../media/media-rows.ts'
import { type ContentSave, recordContentChange } from './content-save.ts'

/*
 * The customer-service panel's contacts (spec §3 'Customer service entry'), edited as one list: a PUT
 * replaces the whole list. A contact's QR code is an uploaded picture (its id, drawn by a WebP of at
 * most 640 px) or a picture address kept as it was.
 */

type ContactRow = typeof customerServiceContacts.$inferSelect

const toDto = (row: ContactRow): OpsContactDto => ({
  id: row.id,
  nickname: row.nickname,
  qrcodeUrl: row.qrcodeUrl,
  email: row.email,
  sort: row.sort,
  active: row.active,
})

const audited = (rows: ContactRow[]) => rows.map(({ id: _, createdAt: __, ...fields }) => fields)

async function contactRows(db: Db): Promise<ContactRow[]> {
  return db
    .select()
    .from(customerServiceContacts)
    .orderBy(asc(customerServiceContacts.sort), asc(customerServiceContacts.id))
}

/** GET /api/ops/settings/customer-service: every contact, active or not, in the shop's order. */
export async function readOpsCustomerService(db: Db): Promise<OpsCustomerServiceDto> {
  return { contacts: (await contactRows(db)).map(toDto) }
}

/** PUT /api/ops/settings/customer-service: the list replaced as a whole, in one transaction. */
export function replaceOpsCustomerService(
  db: Db,
  body: CustomerServiceBody,
  save: ContentSave,
): Promise<OpsCustomerServiceDto> {
  return db.transaction(async (tx) => {
    // The settings row serialises two saves: each replaces the list, never merges it with another's.
    await tx.select({ id: shopSettings.id }).from(shopSettings).where(eq(shopSettings.id, 1)).for('update')
    const before = await contactRows(tx)
    const uploads = await mediaImagesByIds(
      tx,
      body.contacts.flatMap((contact) => (contact.qrcode === null ? [] : [contact.qrcode])),
    )
    const values = body.contacts.map((contact, index) => {
      let qrcodeUrl = contact.qrcodeUrl
      if (contact.qrcode !== null) {
        const image = uploads.get(contact.qrcode)
        const url = image ? fallbackUrlOf(image, 640) : undefined
        if (!url) throw badField(`contacts.${index}.qrcode`, ContentMessage.unknownImage)
        qrcodeUrl = url
      }
      return {
        nickname: contact.nickname,
        qrcodeUrl,
        email: contact.email,
        sort: contact.sort,
        active: contact.active,
        createdAt: save.at,
      }
    })
    await tx.delete(customerServiceContacts)
    if (values.length > 0) await tx.insert(customerServiceContacts).values(values)
    const after = await contactRows(tx)
    await recordContentChange(tx, save, {
      entity: 'customerService',
      verb: 'replace',
      id: 'contacts',
      before: audited(before),
      after: audited(after),
    })
    return { contacts: after.map(toDto) }
  })
}
