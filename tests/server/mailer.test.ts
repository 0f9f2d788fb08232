import { mkdtemp, readdir, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeMail } from '../../server/services/mail/account-mail.ts'
import { createMailer } from '../../server/services/mail/mailer.ts'
import { EmailCodeType } from '../../src/domain/account.ts'
import { parseEml, readOutbox } from './support/outbox.ts'

interface Received {
  from: string
  to: string[]
  raw: string
}

describe('mail through SMTP', () => {
  const received: Received[] = []
  let smtp: SMTPServer
  let port: number

  beforeAll(async () => {
    // A real SMTP server on the loopback, as a mail relay would be.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    port = (smtp.server.address() as AddressInfo).port
  })

  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(resolve))
  })

  it('delivers a code mail to the SMTP server named by SMTP_URL, and writes no outbox file', async () => {
    const outboxDir = await mkdtemp(join(tmpdir(), 'yoyaku-outbox-'))
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        outboxDir,
        from: 'Yoyaku <no-reply@shop.test>',
      })
      expect(mailer.destination).toBe(`smtp://127.0.0.1:${port}`)
      await mailer.send(
        codeMail({ to: 'rin@example.com', type: EmailCodeType.register, language: 'en', code: '042917' }),
      )
      expect(received).toHaveLength(1)
      const [message] = received
      expect(message?.from).toBe('no-reply@shop.test')
      expect(message?.to).toEqual(['rin@example.com'])
      const mail = parseEml(message?.raw ?? '')
      expect(mail.subject).toBe('Your Yoyaku sign-up code')
      expect(mail.text).toContain('Verification code: 042917')
      expect(await readdir(outboxDir)).toEqual([])
    } finally {
      await rm(outboxDir, { recursive: true, force: true })
    }
  })

  it('rejects when the SMTP server cannot be reached, so the caller can answer with an error', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', outboxDir: tmpdir(), from: 'x@shop.test' })
    await expect(mailer.send({ to: 'rin@example.com', subject: 'Hello', text: 'Hello' })).rejects.toThrow()
  })
})

describe('mail to the outbox', () => {
  it('writes each message as an .eml file and reports where, in the language asked for', async () => {
    const outboxDir = await mkdtemp(join(tmpdir(), 'yoyaku-outbox-'))
    const written: string[] = []
    try {
      const mailer = createMailer({
        smtpUrl: undefined,
        outboxDir: join(outboxDir, 'nested'),
        from: 'Yoyaku <no-reply@shop.test>',
        onOutboxWrite: (path) => written.push(path),
      })
      await mailer.send(
        codeMail({
          to: 'kei@example.com',
          type: EmailCodeType.replaceEmail,
          language: 'zhCn',
          code: '550013',
          link: 'http://shop.test/replaceEmail?username=kei%40example.com&code=550013',
        }),
      )
      const [mail] = await readOutbox(join(outboxDir, 'nested'))
      expect(written).toHaveLength(1)
      expect(written[0]).toMatch(/\.eml$/)
      expect(mail?.subject).toBe('Yoyaku 更换邮箱确认')
      expect(mail?.text).toContain('验证码: 550013')
      expect(mail?.text).toContain('http://shop.test/replaceEmail?username=kei%40example.com&code=550013')
    } finally {
      await rm(outboxDir, { recursive: true, force: true })
    }
  })
})
