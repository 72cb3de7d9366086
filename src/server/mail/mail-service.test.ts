import { eq } from 'drizzle-orm'
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mailOutbox, websites } from '@/server/db/schema'
import { env } from '@/server/env'
import { startSmtpCapture, type SmtpCapture } from '../../../tests/support/smtp-capture'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { signupLinkMail } from './account-mails'
import { composeMail, describeDuration, escapeHtml } from './mail-content'
import { consoleLink, mailSettings, publicLink, storeLink, type MailSettings } from './mail-settings'
import { invalidateCaches } from '@/server/cache/named-cache'
import { storeHosts } from '@/server/db/schema'
import { sendMail } from './mail-service'

/** A port nothing listens on (bound once, then released). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('mail bodies', () => {
  test('escape the store name and links in the HTML part and keep the text part plain', () => {
    const mail = composeMail({
      storeName: 'Bob\'s <script>alert(1)</script> & Co',
      subject: 'Hello from\r\nBcc: victim@example.com',
      blocks: [{ text: 'Open "this" <now>' }, { link: 'https://shop.example/signup?token=a&b="c"', label: 'Go <here>' }],
    })
    expect(mail.subject).toBe('Hello from Bcc: victim@example.com')
    expect(mail.html).toContain('Bob&#39;s &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co')
    expect(mail.html).toContain('href="https://shop.example/signup?token=a&amp;b=&quot;c&quot;"')
    expect(mail.html).toContain('Open &quot;this&quot; &lt;now&gt;')
    expect(mail.html).not.toContain('<script>')
    expect(mail.text).toContain('Go <here>:\nhttps://shop.example/signup?token=a&b="c"')
    expect(mail.text.endsWith("Bob's <script>alert(1)</script> & Co")).toBe(true)
  })

  test('say how long a link lasts in words', () => {
    expect(describeDuration(3600)).toBe('1 hour')
    expect(describeDuration(7200)).toBe('2 hours')
    expect(describeDuration(1800)).toBe('30 minutes')
    expect(describeDuration(86_400)).toBe('1 day')
    expect(escapeHtml(`<a href='x'>`)).toBe('&lt;a href=&#39;x&#39;&gt;')
  })

  test('build links from the configured origin only', () => {
    const settings: MailSettings = { smtpUrl: undefined, from: 'Shop <shop@example.com>', origin: 'https://shop.example.com' }
    expect(publicLink('/password/create', { token: 'abc_-9' }, settings)).toBe('https://shop.example.com/password/create?token=abc_-9')
    expect(() => publicLink('//evil.example/x', {}, settings)).toThrow()
    expect(() => publicLink('https://evil.example/x', {}, settings)).toThrow()
  })

  test('use PUBLIC_ORIGIN, else the local server address', () => {
    expect(mailSettings().origin).toBe(env().PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT || 3000}`)
  })
})

describe.each(testDatabaseKinds())('the mail service on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let smtp: SmtpCapture
  let websiteId: number
  const base: MailSettings = { smtpUrl: undefined, from: 'Acme Team Store <no-reply@acme.test>', origin: 'https://shop.acme.test' }

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    websiteId = (await createWebsite({ name: 'Acme Team Store' })).id
    await db().update(websites).set({ contactEmail: 'help@acme.test' }).where(eq(websites.id, websiteId))
  })
  afterAll(() => smtp.close())

  test('delivers through SMTP with a text and an HTML part, and records the mail as sent without its link token', async () => {
    const token = 'T0kenT0kenT0kenT0kenT0kenT0kenT0kenT0ken123'
    const content = signupLinkMail({ storeName: 'Acme Team Store', link: `https://shop.acme.test/signup?token=${token}`, ttlSeconds: 3600 })
    const outcome = await sendMail(
      { websiteId, to: 'dana@example.com', ...content, secrets: [token] },
      { db: db(), settings: { ...base, smtpUrl: smtp.url } },
    )
    expect(outcome).toMatchObject({ status: 'sent', error: null })

    const received = await smtp.waitFor((mail) => mail.envelopeTo.includes('dana@example.com'))
    expect(received.envelopeFrom).toBe('no-reply@acme.test')
    // A store's mail carries the store's name on the install's address, answered to the store's contact.
    expect(received.headers.from).toMatch(/Acme Team Store.*<no-reply@acme\.test>/)
    expect(received.headers['reply-to']).toBe('help@acme.test')
    expect(received.subject).toBe('Finish creating your Acme Team Store account')
    expect(received.text).toContain(`https://shop.acme.test/signup?token=${token}`)
    expect(received.text).toContain('within 1 hour')
    expect(received.html).toContain(`href="https://shop.acme.test/signup?token=${token}"`)

    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, outcome.id))
    expect(row).toMatchObject({ status: 'sent', to: 'dana@example.com', websiteId, error: null })
    expect(row!.sentAt).toBeInstanceOf(Date)
    expect(row!.text).not.toContain(token)
    expect(row!.html).not.toContain(token)
    expect(row!.text).toContain('signup?token=[redacted]')
  })

  test('records a mail the SMTP server cannot take as failed, with the error, without throwing', async () => {
    const port = await closedPort()
    const outcome = await sendMail(
      { websiteId, to: 'erin@example.com', subject: 'Hello', text: 'Hi' },
      { db: db(), settings: { ...base, smtpUrl: `smtp://127.0.0.1:${port}` } },
    )
    expect(outcome.status).toBe('failed')
    expect(outcome.error).toMatch(/ECONNREFUSED|connect/i)
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, outcome.id))
    expect(row).toMatchObject({ status: 'failed', to: 'erin@example.com', sentAt: null })
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i)
  })

  test('without SMTP queues the mail in the outbox with its link readable', async () => {
    const before = smtp.messages.length
    const outcome = await sendMail(
      { websiteId, to: 'fay@example.com', subject: 'Reset', text: 'Open https://shop.acme.test/password/create?token=abc', secrets: ['abc'] },
      { db: db(), settings: base },
    )
    expect(outcome.status).toBe('queued')
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, outcome.id))
    expect(row).toMatchObject({ status: 'queued', to: 'fay@example.com', sentAt: null, text: 'Open https://shop.acme.test/password/create?token=abc' })
    expect(smtp.messages.length).toBe(before)
  })

  test('renders attached files only for a mail that leaves: a queued mail never makes them', async () => {
    let rendered = 0
    const attachments = async () => {
      rendered++
      return [{ filename: 'Order-S1.pdf', content: Buffer.from('%PDF-1.4 test'), contentType: 'application/pdf' }]
    }
    await sendMail({ websiteId, to: 'gus@example.com', subject: 'Your order', text: 'Thanks', attachments }, { db: db(), settings: base })
    expect(rendered).toBe(0)

    await sendMail({ websiteId, to: 'hal@example.com', subject: 'Your order', text: 'Thanks', attachments }, { db: db(), settings: { ...base, smtpUrl: smtp.url } })
    expect(rendered).toBe(1)
    const received = await smtp.waitFor((mail) => mail.envelopeTo.includes('hal@example.com'))
    expect(received.raw).toContain('filename=Order-S1.pdf')
  })
})

describe.each(testDatabaseKinds())('links in the mails of several stores on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  const install: MailSettings = { smtpUrl: undefined, from: 'Webstore <no-reply@example.test>', origin: 'http://localhost:3000' }

  test("lead to each store's own primary address, with the install's scheme and port, never to another store", async () => {
    const demo = await createWebsite({ code: 'demo-mail' })
    const club = await createWebsite({ code: 'club-mail' })
    await db().insert(storeHosts).values([
      { websiteId: demo.id, host: 'localhost', isPrimary: true },
      { websiteId: club.id, host: 'www.club.localhost' },
      { websiteId: club.id, host: 'club.localhost', isPrimary: true },
    ])
    await invalidateCaches(['Website'])
    expect(await storeLink(club.id, '/me/orders', { order: '7' }, install)).toBe('http://club.localhost:3000/me/orders?order=7')
    expect(await storeLink(demo.id, '/login', {}, install)).toBe('http://localhost:3000/login')
    // The install's origin names one of the club's host names: the club's links keep it.
    expect(await storeLink(club.id, '/login', {}, { ...install, origin: 'https://www.club.localhost' })).toBe('https://www.club.localhost/login')
    expect(await storeLink(demo.id, '/login', {}, { ...install, origin: 'https://www.club.localhost' })).toBe('https://localhost/login')
  })

  test("keep the install's origin for a store without an address of its own", async () => {
    const plain = await createWebsite({ code: 'plain-mail' })
    await invalidateCaches(['Website'])
    expect(await storeLink(plain.id, '/login', {}, install)).toBe('http://localhost:3000/login')
    expect(consoleLink('/admin/orders/3', {}, install)).toBe('http://localhost:3000/admin/orders/3')
  })
})
