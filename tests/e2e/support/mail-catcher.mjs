// A mailbox for the browser tests: an SMTP server on 127.0.0.1:3125 that keeps every message, and
// an HTTP API on 127.0.0.1:3126 to read them:
//   GET    /messages?to=email  -> [{ id, from, to, subject, text, html, receivedAt }] (oldest first)
//   DELETE /messages           -> empties the mailbox
//   GET    /health             -> 200 when both servers listen
// Stops on SIGTERM/SIGINT (Playwright) or when its parent goes away.
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import { SMTPServer } from 'smtp-server'

// ---------------------------------------------------------------------------------------------
// Just enough MIME to read what nodemailer sends: headers (folded, RFC 2047 words), nested
// multiparts, base64 and quoted-printable bodies, UTF-8 and Latin-1 text.

function splitHead(raw) {
  const match = /\r?\n\r?\n/.exec(raw)
  if (!match) return { head: raw, body: '' }
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) }
}

function parseHeaders(head) {
  const headers = new Map()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim())
  }
  return headers
}

function headerParams(value = '') {
  const [type, ...rest] = value.split(';')
  const params = {}
  for (const part of rest) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    params[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1')
  }
  return { type: type.trim().toLowerCase(), params }
}

function decodeQuotedPrintable(text) {
  const bytes = []
  const source = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < source.length; i += 1) {
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(source[i], 'latin1'))
    }
  }
  return Buffer.from(bytes)
}

function toText(buffer, charset = 'utf-8') {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(buffer)
  } catch {
    return buffer.toString('utf8')
  }
}

function decodeWords(value = '') {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset, encoding, text) => {
      const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '))
      return toText(bytes, charset)
    })
}

function decodeBody(body, headers) {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const { params } = headerParams(headers.get('content-type'))
  const bytes =
    encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : Buffer.from(body, 'latin1')
  return toText(bytes, params.charset ?? 'utf-8')
}

/** Collects the first text/plain and text/html bodies of a message (any depth of multiparts). */
function collectBodies(raw, found = { text: null, html: null }) {
  const { head, body } = splitHead(raw)
  const headers = parseHeaders(head)
  const { type, params } = headerParams(headers.get('content-type') ?? 'text/plain')
  if (type.startsWith('multipart/') && params.boundary) {
    const delimiter = `--${params.boundary}`
    const sections = body.split(delimiter).slice(1)
    for (const section of sections) {
      if (section.startsWith('--')) break
      // The line break before a delimiter belongs to the delimiter (RFC 2046).
      collectBodies(section.replace(/^\r?\n/, '').replace(/\r?\n$/, ''), found)
    }
  } else if (/attachment/i.test(headers.get('content-disposition') ?? '')) {
    // Attachments are not message text.
  } else if (type === 'text/plain' && found.text === null) {
    found.text = decodeBody(body, headers).replace(/\r\n/g, '\n')
  } else if (type === 'text/html' && found.html === null) {
    found.html = decodeBody(body, headers)
  }
  return found
}

export function parseMessage(raw) {
  const headers = parseHeaders(splitHead(raw).head)
  const { text, html } = collectBodies(raw)
  return { subject: decodeWords(headers.get('subject') ?? ''), headerTo: decodeWords(headers.get('to') ?? ''), headerFrom: decodeWords(headers.get('from') ?? ''), text, html }
}

// ---------------------------------------------------------------------------------------------

/** Starts both servers; resolves to their ports, the message list and close(). */
export async function startMailCatcher({ smtpPort = 3125, httpPort = 3126, host = '127.0.0.1' } = {}) {
  const messages = []
  let sequence = 0

  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks = []
      stream.on('data', (chunk) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1')
        const parsed = parseMessage(raw)
        sequence += 1
        messages.push({
          id: sequence,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : parsed.headerFrom,
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: parsed.subject,
          text: parsed.text,
          html: parsed.html,
          receivedAt: new Date().toISOString(),
        })
        callback()
      })
    },
  })

  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}`)
    const json = (status, body) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      response.end(JSON.stringify(body))
    }
    if (url.pathname === '/health') return json(200, { ok: true, messages: messages.length })
    if (url.pathname !== '/messages') return json(404, { error: 'GET or DELETE /messages' })
    if (request.method === 'DELETE') {
      messages.length = 0
      return json(200, { deleted: true })
    }
    if (request.method !== 'GET') return json(405, { error: 'GET or DELETE /messages' })
    const to = url.searchParams.get('to')?.trim().toLowerCase()
    return json(200, to ? messages.filter((message) => message.to.includes(to)) : messages)
  })

  await new Promise((resolve, reject) => {
    smtp.on('error', reject)
    smtp.listen(smtpPort, host, resolve)
  })
  await new Promise((resolve, reject) => {
    http.once('error', reject)
    http.listen(httpPort, host, resolve)
  })

  return {
    smtpPort: smtp.server.address().port,
    httpPort: http.address().port,
    messages,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(resolve)),
        new Promise((resolve) => {
          http.close(resolve)
          http.closeAllConnections()
        }),
      ]),
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const catcher = await startMailCatcher({
    smtpPort: Number(process.env.MAIL_SMTP_PORT ?? 3125),
    httpPort: Number(process.env.MAIL_HTTP_PORT ?? 3126),
  })
  console.log(`mail catcher: SMTP on 127.0.0.1:${catcher.smtpPort}, messages on http://127.0.0.1:${catcher.httpPort}/messages`)
  const stop = () => catcher.close().then(() => process.exit(0))
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop)
  const parent = process.ppid
  setInterval(() => process.ppid !== parent && stop(), 2000).unref()
}
