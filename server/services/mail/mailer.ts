import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** Sends one message; rejects when the transport refuses it. */
  send(message: MailMessage): Promise<void>
  /** Where messages go, for the start-up log: 'smtp://host:port' or the outbox folder. */
  readonly destination: string
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it, every message is written to `outboxDir` as an .eml file. */
  smtpUrl: string | undefined
  outboxDir: string
  from: string
  /** Called with the path of each message written to the outbox (the server logs it). */
  onOutboxWrite?: (path: string) => void
}

/**
 * Real mail through SMTP when SMTP_URL is set; otherwise a local outbox, so a shop run on one machine
 * (and its tests) can read every message it sent. Both build the same RFC 5322 message with nodemailer.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    const url = new URL(options.smtpUrl)
    return {
      destination: `${url.protocol}//${url.host}`,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message })
      },
    }
  }
  // Quoted-printable keeps ASCII (codes, links) readable in the raw file.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    destination: options.outboxDir,
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        ...message,
        textEncoding: 'quoted-printable',
      })
      await mkdir(options.outboxDir, { recursive: true })
      // Sortable by time, unique within a millisecond.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`
      const path = join(options.outboxDir, name)
      await writeFile(path, info.message as Buffer)
      options.onOutboxWrite?.(path)
    },
  }
}
