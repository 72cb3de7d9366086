import { createTransport } from 'nodemailer'
import { getDb, type Executor } from '../db/client'
import { prepared, rowParams, rowPlaceholders } from '../db/prepared'
import { mailOutbox, websites } from '../db/schema'
import { eq } from 'drizzle-orm'
import { logger } from '../kernel/logger'
import { oneLine } from './mail-content'
import { mailSettings, type MailSettings } from './mail-settings'

// Every mail the store sends goes through here and leaves a row in mail_outbox:
//   SMTP_URL set   -> delivered by nodemailer (10 s connection, greeting and socket timeouts);
//                     the row says 'sent', or 'failed' with the error. Never throws for SMTP trouble.
//   SMTP_URL unset -> 'queued': the row and the log are the mailbox, so a demo user can copy the
//                     link from the server log.
// A delivered (or failed) mail is kept with its `secrets` (one-time link tokens) masked: only a
// queued mail, which nobody else will deliver, keeps its link readable.

export const SMTP_TIMEOUT_MS = 10_000
const MAX_ERROR_LENGTH = 500

export type OutgoingMail = {
  websiteId: number | null
  to: string
  subject: string
  text: string
  html?: string | null
  /** Strings (link tokens) masked in the stored copy once the mail has left. */
  secrets?: readonly string[]
  /**
   * Files sent with the mail (the order PDF), made only when the mail is delivered: a queued mail
   * (no SMTP_URL) is never sent, so its files are never rendered. The outbox keeps no files.
   */
  attachments?: () => Promise<readonly MailAttachment[]>
}

export type MailAttachment = { filename: string; content: Buffer; contentType: string }

export type MailStatus = 'queued' | 'sent' | 'failed'
export type MailOutcome = { id: number; status: MailStatus; error: string | null }

function mask(value: string, secrets: readonly string[]): string {
  return secrets.reduce((masked, secret) => (secret ? masked.split(secret).join('[redacted]') : masked), value)
}

/** The address part of MAIL_FROM (`Name <a@b>` or `a@b`). */
function addressOf(from: string): string {
  return /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim()
}

/** The outbox row of a mail, queued, sent or failed: one prepared statement, every column given. */
async function recordMail(db: Executor, row: { websiteId: number | null; to: string; subject: string; text: string; html: string | null; status: MailStatus; error: string | null; sentAt: Date | null }): Promise<{ id: number }> {
  const [recorded] = await prepared(db, 'mail_outbox_insert', () => db.insert(mailOutbox).values(rowPlaceholders(row)).returning({ id: mailOutbox.id })).execute(rowParams(mailOutbox, row))
  return recorded!
}

/**
 * Who a store's mail is from (issue 25): the store's name on the install's sending address (so SPF
 * and DKIM still hold), answered to the store's contact address. The install's own mails (no store)
 * keep MAIL_FROM as it is.
 */
async function senderOf(db: Executor, websiteId: number | null, from: string): Promise<{ from: string | { name: string; address: string }; replyTo?: string }> {
  if (websiteId === null) return { from }
  const [store] = await db.select({ name: websites.name, contactEmail: websites.contactEmail }).from(websites).where(eq(websites.id, websiteId))
  if (!store) return { from }
  return { from: { name: oneLine(store.name), address: addressOf(from) }, ...(store.contactEmail ? { replyTo: store.contactEmail } : {}) }
}

async function deliver(settings: MailSettings & { smtpUrl: string }, mail: OutgoingMail, sender: Awaited<ReturnType<typeof senderOf>>): Promise<string | null> {
  const transport = createTransport({
    url: settings.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    dnsTimeout: SMTP_TIMEOUT_MS,
  })
  try {
    const attachments = mail.attachments ? await mail.attachments() : []
    await transport.sendMail({
      ...sender,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(attachments.length ? { attachments: attachments.map((file) => ({ ...file })) } : {}),
    })
    return null
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return oneLine(message).slice(0, MAX_ERROR_LENGTH) || 'unknown SMTP error'
  } finally {
    transport.close()
  }
}

/**
 * Sends (or queues) one mail and records it. Resolves with what happened; rejects only when the
 * outbox row cannot be written.
 */
export async function sendMail(
  mail: OutgoingMail,
  options: { db?: Executor; settings?: MailSettings } = {},
): Promise<MailOutcome> {
  const settings = options.settings ?? mailSettings()
  const db = options.db ?? (await getDb())
  const subject = oneLine(mail.subject)
  const log = logger()

  if (!settings.smtpUrl) {
    const row = await recordMail(db, { websiteId: mail.websiteId, to: mail.to, subject, text: mail.text, html: mail.html ?? null, status: 'queued', error: null, sentAt: null })
    log.info({ mailId: row.id, to: mail.to, subject, text: mail.text }, 'mail queued (SMTP_URL is not set): not sent, shown here')
    return { id: row.id, status: 'queued', error: null }
  }

  const error = await deliver({ ...settings, smtpUrl: settings.smtpUrl }, { ...mail, subject }, await senderOf(db, mail.websiteId, settings.from))
  const secrets = mail.secrets ?? []
  const row = await recordMail(db, {
    websiteId: mail.websiteId,
    to: mail.to,
    subject,
    text: mask(mail.text, secrets),
    html: mail.html ? mask(mail.html, secrets) : null,
    status: error ? 'failed' : 'sent',
    error,
    sentAt: error ? null : new Date(),
  })
  if (error) log.error({ mailId: row.id, to: mail.to, subject, error }, 'mail could not be sent')
  else log.info({ mailId: row.id, to: mail.to, subject }, 'mail sent')
  return { id: row.id, status: error ? 'failed' : 'sent', error }
}
