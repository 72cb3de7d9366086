import { Writable } from 'node:stream'
import { inspect } from 'node:util'
import { describe, expect, test } from 'vitest'
import { partners } from '@/server/db/schema'
import { createPartner } from '../../../tests/factories/accounts'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { createLogger, serializeError, withheldConsoleArguments } from './logger'

// Issue 13, item 8: a failed statement logged its parameters (Drizzle's "Failed query: … params: …"),
// so a sign-up whose insert failed wrote the argon2 hash, and a failed order insert its access token.

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQtdmFsdWU$c2VjcmV0LWhhc2gtdmFsdWUtdGhhdC1tdXN0LW5vdC1sZWFr'
const ACCESS_TOKEN = 'hK3vQ9xT2mN7pL4rW8sY1zB6cD0fG5jA-order-token'

function capturingLogger() {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  return { log: createLogger({ destination, level: 'info' }), text: () => lines.join('') }
}

describe.each(testDatabaseKinds())('logging a failed statement on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  async function failedSignUp(): Promise<unknown> {
    const website = await createWebsite()
    const taken = await createPartner({ websiteId: website.id, email: 'taken@example.com' })
    // A second account with the same email: the insert carries the new password's hash.
    return db()
      .insert(partners)
      .values({ websiteId: website.id, email: taken.email, name: `Jordan ${ACCESS_TOKEN}`, passwordHash: HASH })
      .then(
        () => expect.unreachable('the insert should have failed'),
        (error: unknown) => error,
      )
  }

  test('writes the SQLSTATE, the constraint and the statement, never the parameters or the key values', async () => {
    const error = await failedSignUp()
    // What Drizzle itself says, and what used to reach the log:
    expect(String((error as Error).message)).toContain(HASH)

    const { log, text } = capturingLogger()
    log.error({ err: error }, 'unhandled error in an API route')
    const line = text()
    expect(line).not.toContain(HASH)
    expect(line).not.toContain('$argon2')
    expect(line).not.toContain(ACCESS_TOKEN)
    expect(line).not.toContain('taken@example.com')
    expect(line).toContain('23505')
    expect(line).toContain('partners_website_email_idx')
    expect(line).toContain('insert into \\"partners\\"')
    expect(line).toContain('(parameters withheld)')
    expect(JSON.parse(line).err).toMatchObject({ type: 'DrizzleQueryError', code: '23505', constraint: 'partners_website_email_idx', table: 'partners' })
  })

  test('an error of ours wrapping the failed statement keeps its own message and loses the parameters', async () => {
    const cause = await failedSignUp()
    const wrapped = new Error('could not create the account', { cause })
    const serialized = JSON.stringify(serializeError(wrapped))
    expect(serialized).toContain('could not create the account')
    expect(serialized).toContain('23505')
    expect(serialized).not.toContain(HASH)
    expect(wrapped.cause).toBe(cause)
  })
})

describe('the error serializer', () => {
  test('leaves other errors as pino writes them', () => {
    const error = Object.assign(new Error('carrier said no'), { status: 502 })
    expect(serializeError(error)).toMatchObject({ type: 'Error', message: 'carrier said no', status: 502 })
  })

  test('keeps PostgreSQL’s code and constraint from an error pg raised directly, and drops its detail', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "orders_access_token_key"'), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'orders_access_token_key',
      table: 'orders',
      detail: `Key (access_token)=(${ACCESS_TOKEN}) already exists.`,
    })
    const serialized = JSON.stringify(serializeError(error))
    expect(serialized).toContain('"code":"23505"')
    expect(serialized).toContain('"constraint":"orders_access_token_key"')
    expect(serialized).not.toContain(ACCESS_TOKEN)
  })
})

describe.each(testDatabaseKinds())('what Next prints itself on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  test('an error passed to console.error loses the parameters of its failed statement, as text or as an error', async () => {
    const website = await createWebsite()
    const taken = await createPartner({ websiteId: website.id, email: 'printed@example.com' })
    const error = await db()
      .insert(partners)
      .values({ websiteId: website.id, email: taken.email, name: 'Jordan', passwordHash: HASH })
      .then(
        () => expect.unreachable('the insert should have failed'),
        (failure: unknown) => failure as Error,
      )
    // Next may hand over the error itself, a copy that kept only its message, or text.
    const rebuilt = new Error(error.message)
    const printed = withheldConsoleArguments([' ⨯', error, rebuilt, `${error.message}\n    at somewhere`])
    const shown = printed.map((arg) => (typeof arg === 'string' ? arg : inspect(arg))).join('\n')
    expect(shown).not.toContain(HASH)
    expect(shown).toContain('Failed query: insert into "partners"')
    expect(shown).toContain('partners_website_email_idx')
    expect(withheldConsoleArguments(['an ordinary line', error.cause])[0]).toBe('an ordinary line')
  })
})
