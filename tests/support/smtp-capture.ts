import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

// A real SMTP server on 127.0.0.1 (a free port) that keeps every message it receives, for
// integration tests of the mail service. Plain SMTP without STARTTLS or authentication, like a
// local mail catcher. Its socket does not keep the test process alive, and close() stops it.

export type CapturedMail = {
  /** MAIL FROM and RCPT TO of the SMTP envelope. */
  envelopeFrom: string
  envelopeTo: string[]
  headers: Record<string, string>
  subject: string
  text: string
  html: string
  raw: string
}

export type SmtpCapture = {
  /** smtp://127.0.0.1:{port} — what SMTP_URL would be. */
  url: string
  messages: CapturedMail[]
  /** The first message (already received or arriving within `timeoutMs`) that `match` accepts. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>
  close(): Promise<void>
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = []
  const source = body.replace(/=\r?\n/g, '')
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!
    const hex = source.slice(i + 1, i + 3)
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(char, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body)
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    default:
      return body
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const separator = raw.search(/\r?\n\r?\n/)
  const head = separator < 0 ? raw : raw.slice(0, separator)
  const body = separator < 0 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

/** The text/plain and text/html parts of a message (walking multipart bodies). */
function readParts(raw: string, found: { text: string; html: string }): void {
  const { headers, body } = splitEntity(raw)
  const type = headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1)
    for (const part of parts) {
      if (part.startsWith('--')) break
      readParts(part.replace(/^\r?\n/, ''), found)
    }
    return
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n')
  if (/^text\/html/i.test(type)) found.html ||= decoded
  else if (/^text\/plain/i.test(type)) found.text ||= decoded
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const { headers } = splitEntity(raw)
  const parts = { text: '', html: '' }
  readParts(raw, parts)
  return { envelopeFrom: envelope.from, envelopeTo: envelope.to, headers, subject: decodeHeader(headers.subject ?? ''), ...parts, raw }
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = []
  const listeners = new Set<() => void>()

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        }
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope))
        for (const listener of listeners) listener()
        callback()
      })
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  server.server.unref()
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = messages.find(match)
          if (!mail) return false
          listeners.delete(check)
          clearTimeout(timer)
          resolve(mail)
          return true
        }
        const timer = setTimeout(() => {
          listeners.delete(check)
          reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`))
        }, timeoutMs)
        listeners.add(check)
        check()
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
