import { randomBytes } from 'node:crypto'
import { mkdir, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { AVATAR_MAX_BYTES, type AvatarType } from '../../../src/domain/account.ts'
import { ResultCode } from '../../../src/domain/result-code.ts'
import { ValidationMessage } from '../../../src/domain/validation-messages.ts'
import type { AppDeps } from '../../app-env.ts'
import { users } from '../../db/schema.ts'
import { ApiError } from '../../http/envelope.ts'
import type { AccountRow } from './sessions.ts'

/** Where avatars live: `${uploadsDir}/avatars`, served as /uploads/avatars/<file>. */
export const AVATAR_FOLDER = 'avatars'
export const AVATAR_URL_PREFIX = `/uploads/${AVATAR_FOLDER}/`

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

/** An avatar file name of ours for this account; anything else in the column is never deleted. */
function ownAvatarFile(avatar: string | null, userId: number): string | undefined {
  if (!avatar?.startsWith(AVATAR_URL_PREFIX)) return undefined
  const name = avatar.slice(AVATAR_URL_PREFIX.length)
  return new RegExp(`^${userId}-[0-9a-f]{24}\\.(jpg|png|gif|webp)$`).test(name) ? name : undefined
}

async function removeQuietly(path: string): Promise<void> {
  try {
    await unlink(path)
  } catch (error) {
    // Already gone is what we wanted.
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

  const folder = join(deps.uploadsDir, AVATAR_FOLDER)
  const name = `${userId}-${randomBytes(12).toString('hex')}.${kind.ext}`
  const stored = join(folder, name)
  await mkdir(folder, { recursive: true })
  await writeFile(stored, bytes)

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
        .set({ avatar: `${AVATAR_URL_PREFIX}${name}`, updatedAt: deps.now() })
        .where(eq(users.id, userId))
        .returning()
      return { previous: current?.avatar ?? null, account }
    })
    .catch(async (error: unknown) => {
      await removeQuietly(stored)
      throw error
    })
  if (!account) {
    await removeQuietly(stored)
    throw new ApiError(ResultCode.sessionExpired, 'Your session has ended; please log in again')
  }
  const previousFile = ownAvatarFile(previous, userId)
  if (previousFile) await removeQuietly(join(folder, previousFile))
  return account
}
