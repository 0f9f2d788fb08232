import { randomBytes } from 'node:crypto'
import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { AVATAR_MAX_BYTES, type AvatarType } from '../../../src/domain/account.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { ValidationMessage } from '../../../src/domain/validation-messages.ts'
import type { AppDeps } from '../../app-env.ts'
import { users } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import { AVATAR_FOLDER, AVATAR_URL_PREFIX, localMediaUrlOf, type MediaStore } from '../media/media-store.ts'
import type { AccountRow } from './sessions.ts'

/*
 * Avatars live in the media store as `avatars/<file>` and are shown at the store's URL of that key.
 * Accounts keep the URL they were given: those from before the store (`/uploads/avatars/<file>`) are
 * served from the same key (and, on a local store, from their old folder until media:migrate).
 */

export interface ImageKind {
  type: AvatarType
  ext: 'jpg' | 'png' | 'gif' | 'webp'
}

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0))

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte)
}

/**
 * The image type a file really is, read from its first bytes (the signatures of the four formats).
 * The declared content type and the file name are the sender's word and are ignored.
 */
export function sniffImageType(bytes: Uint8Array): ImageKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg', ext: 'jpg' }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { type: 'image/png', ext: 'png' }
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return { type: 'image/gif', ext: 'gif' }
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { type: 'image/webp', ext: 'webp' }
  return undefined
}

const fileError = (message: string) => new ApiError(ResultCode.invalidInput, `file: ${message}`)

/** Names of our avatar files: only the account's own are ever deleted. */
const avatarFilePattern = (userId: number) => new RegExp(`^${userId}-[0-9a-f]{24}\\.(jpg|png|gif|webp)$`)

/**
 * The store key of an avatar URL of ours for this account: its old /uploads/ form, this server's
 * /media/ form, or the store's current URL (MEDIA_PUBLIC_URL). Anything else in the column (another
 * address, another account's file) is never deleted.
 */
export function ownAvatarKey(avatar: string | null, userId: number, store: MediaStore): string | undefined {
  const file = avatar?.slice(avatar.lastIndexOf('/') + 1) ?? ''
  if (!avatar || !avatarFilePattern(userId).test(file)) return undefined
  const key = `${AVATAR_FOLDER}/${file}`
  const ours = [`${AVATAR_URL_PREFIX}${file}`, localMediaUrlOf(key), store.urlOf(key)]
  return ours.includes(avatar) ? key : undefined
}

/** Removes an avatar from the store and, on a local store, from the folder of avatars before it. */
async function removeAvatar(deps: AppDeps, key: string): Promise<void> {
  await deps.media.delete(key)
  if (!deps.legacyAvatarsDir) return
  try {
    await unlink(join(deps.legacyAvatarsDir, key.slice(AVATAR_FOLDER.length + 1)))
  } catch (error) {
    // Already gone (or never there) is what we wanted.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/**
 * PUT /mall/user/updateAvatar. Checks the upload (present, non-empty, under 2 MB, really an image),
 * stores it under a fresh random name, points the account at it and removes the account's previous
 * avatar file. Returns the updated account (its token shows the avatar).
 */
export async function storeAvatar(deps: AppDeps, userId: number, file: unknown): Promise<AccountRow> {
  if (!(file instanceof File)) throw fileError(ValidationMessage.required)
  if (file.size === 0) throw fileError(ValidationMessage.avatarEmpty)
  if (file.size >= AVATAR_MAX_BYTES) throw fileError(ValidationMessage.avatarTooLarge)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = sniffImageType(bytes)
  if (!kind) throw fileError(ValidationMessage.avatarType)

  const key = `${AVATAR_FOLDER}/${userId}-${randomBytes(12).toString('hex')}.${kind.ext}`
  await deps.media.put(key, bytes, kind.type)
  // A stored avatar no account points at is removed at once; one that fails to go is only unseen.
  const forget = () => deps.media.delete(key).catch(() => undefined)

  // The row is locked while it changes, so two uploads at once each remove the file the other replaced.
  const { previous, account } = await deps.db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ avatar: users.avatar })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
      const [account] = await tx
        .update(users)
        .set({ avatar: deps.media.urlOf(key), updatedAt: deps.now() })
        .where(eq(users.id, userId))
        .returning()
      return { previous: current?.avatar ?? null, account }
    })
    .catch(async (error: unknown) => {
      await forget()
      throw error
    })
  if (!account) {
    await forget()
    throw new ApiError(ResultCode.sessionExpired, 'Your session has ended; please log in again')
  }
  const previousKey = ownAvatarKey(previous, userId, deps.media)
  // The account already shows the new avatar: an old one that fails to go is unseen, not an error.
  if (previousKey) {
    await removeAvatar(deps, previousKey).catch((error: unknown) => {
      console.error(`[avatars] could not remove ${previousKey}: ${(error as Error).message}`)
    })
  }
  return account
}
