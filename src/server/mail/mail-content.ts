// Plain text and simple HTML bodies from one description, so both parts always say the same.
// Everything that goes into the HTML is escaped: store names and links are data, not markup.

/** A paragraph, a button link, or a titled list of labelled values (bank details, say). */
export type MailBlock = { text: string } | { link: string; label: string } | { title: string; rows: { label: string; value: string }[] }

export type MailContent = { subject: string; text: string; html: string }

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!)
}

/** Header values never carry line breaks (no header injection through a store name). */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim()
}

/** A mail from the store: a few paragraphs and links, signed with the store's name. */
export function composeMail({ storeName, subject, blocks }: { storeName: string; subject: string; blocks: MailBlock[] }): MailContent {
  const text = [
    ...blocks.map((block) => ('link' in block ? `${block.label}:\n${block.link}` : 'rows' in block ? [block.title, ...block.rows.map((row) => `${row.label}: ${row.value}`)].join('\n') : block.text)),
    `${storeName}`,
  ].join('\n\n')

  const paragraph = 'margin:0 0 16px;font:15px/1.5 Arial,Helvetica,sans-serif;color:#1f2937'
  const body = blocks
    .map((block) => {
      if ('rows' in block) {
        const cell = 'padding:4px 16px 4px 0;font:15px/1.5 Arial,Helvetica,sans-serif;vertical-align:top'
        const rows = block.rows.map((row) => `<tr><th scope="row" style="${cell};text-align:left;font-weight:normal;color:#6b7280">${escapeHtml(row.label)}</th><td style="${cell};color:#1f2937;font-weight:bold">${escapeHtml(row.value)}</td></tr>`)
        return `<h2 style="margin:0 0 8px;font:bold 17px/1.4 Arial,Helvetica,sans-serif;color:#1f2937">${escapeHtml(block.title)}</h2>\n<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${rows.join('')}</table>`
      }
      if (!('link' in block)) return `<p style="${paragraph}">${escapeHtml(block.text)}</p>`
      const href = escapeHtml(block.link)
      return (
        `<p style="${paragraph}"><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1f2937;color:#ffffff;` +
        `text-decoration:none;border-radius:4px">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font:13px/1.5 Arial,Helvetica,sans-serif;color:#6b7280">` +
        `If the button does not work, copy this address into your browser:<br>${href}</p>`
      )
    })
    .join('\n')
  const html =
    `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n` +
    `<body style="margin:0;padding:24px;background:#ffffff">\n${body}\n` +
    `<p style="${paragraph}">${escapeHtml(storeName)}</p>\n</body></html>\n`

  return { subject: oneLine(subject), text, html }
}

/** "1 hour", "30 minutes", "2 days": how long a link stays valid, in words. */
export function describeDuration(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`
  if (seconds % 86_400 === 0) return plural(seconds / 86_400, 'day')
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour')
  return plural(Math.max(1, Math.round(seconds / 60)), 'minute')
}
