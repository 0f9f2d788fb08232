import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface SentMail {
  to: string
  subject: string
  text: string
}

/** Undoes quoted-printable (RFC 2045) into UTF-8 text. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** Decodes an RFC 2047 encoded-word header (=?UTF-8?B?…?= or =?UTF-8?Q?…?=). */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  )
}

/** Reads one .eml written by the outbox mailer (single-part text, as the shop sends). */
export function parseEml(raw: string): SentMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  const body = rest.join('\n\n')
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body
  return { to: headers.get('to') ?? '', subject: decodeHeader(headers.get('subject') ?? ''), text }
}

/** Every message in the outbox, oldest first. */
export async function readOutbox(outboxDir: string): Promise<SentMail[]> {
  let names: string[]
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort()
  } catch {
    return []
  }
  return Promise.all(names.map(async (name) => parseEml(await readFile(join(outboxDir, name), 'utf8'))))
}

/** The code in the newest message to `to`. */
export async function latestCodeFor(outboxDir: string, to: string): Promise<string> {
  const mails = (await readOutbox(outboxDir)).filter((mail) =>
    mail.to.toLowerCase().includes(to.toLowerCase()),
  )
  const code = mails.at(-1)?.text.match(/:\s*(\d{6})\s*$/m)?.[1]
  if (!code) throw new Error(`no code was mailed to ${to}`)
  return code
}
