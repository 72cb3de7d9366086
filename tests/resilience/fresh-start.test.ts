import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { databaseUrlFor } from '../setup/postgres-template'
import { deleteRedisKeys, unreachableRedisUrl } from '../support/redis'

// Issue 24, item 3: the production server (scripts/start.mjs: the build, rebuilt when the sources
// changed) with two worker processes (WEB_CONCURRENCY=2) started on a fresh, empty PostgreSQL
// database. Both workers used to migrate, import the demo store and add its console users at once;
// the one that lost the race on a unique index failed its start but kept its port and answered 500
// to every request that reached it. Now the start-up work runs once (the other worker waits for it
// and finds it done), and a worker whose start fails exits before it listens and is started again.
// The workers share TEST_REDIS_URL when it is set, else a Redis that is down (they serve without it).

const ADMIN_URL = process.env.TEST_DATABASE_URL!
const PORT = 3404
const BASE = `http://127.0.0.1:${PORT}`
const root = path.resolve(import.meta.dirname, '..', '..')
const folder = mkdtempSync(path.join(os.tmpdir(), 'webstore-fresh-start-'))
const redisPrefix = `test:fresh-start:${randomBytes(6).toString('hex')}:`
const REQUESTS_PER_START = 24

type Server = { process: ChildProcess; output: string[]; text(): string; exited: Promise<number | null> }

let redisUrl = ''
const databases: string[] = []
let server: Server | undefined

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** A database name of this run (dropped after it); `create` makes it, empty: no migration has run. */
async function freshDatabase({ create = true } = {}): Promise<{ name: string; url: string }> {
  const name = `resil_fresh_${randomBytes(5).toString('hex')}`
  databases.push(name)
  if (create) await admin((client) => client.query(`create database ${name}`))
  return { name, url: databaseUrlFor(ADMIN_URL, name) }
}

/** The production server in its own process group on loopback, stopped by its PID after each test. */
function startServer(databaseUrl: string, env: Record<string, string> = {}): Server {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOSTNAME_BIND: '127.0.0.1',
      WEB_CONCURRENCY: '2',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      SEED_DEMO_STORE: 'true',
      WEBSITE_ID: '1',
      SESSION_SECRET: '',
      PUBLIC_ORIGIN: '',
      SMTP_URL: '',
      TRUST_PROXY: '',
      IMAGES_DIR: path.join(folder, 'images'),
      IMAGE_CACHE_DIR: path.join(folder, 'image-cache'),
      LOG_LEVEL: 'warn',
      ...env,
    },
  })
  const output: string[] = []
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  server = { process: child, output, text: () => output.join(''), exited }
  return server
}

async function stopServer(running: Server | undefined) {
  const pid = running?.process.pid
  if (!running || !pid || running.process.exitCode !== null || running.process.signalCode !== null) return
  process.kill(-pid, 'SIGTERM')
  const timer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 15_000)
  await running.exited
  clearTimeout(timer)
}

/** One request on a connection of its own, so that the workers take turns (node:cluster deals connections round-robin). */
function ask(pathname: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const request = http.request(
      `${BASE}${pathname}`,
      {
        agent: false,
        method: payload ? 'POST' : 'GET',
        headers: { connection: 'close', ...(payload ? { 'content-type': 'application/json' } : {}) },
        timeout: 60_000,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }))
        response.on('error', reject)
      },
    )
    request.on('timeout', () => request.destroy(new Error(`${pathname}: no answer within 60 s`)))
    request.on('error', reject)
    request.end(payload)
  })
}

const listening = () => ask('/api/health').then(() => true, () => false)

/** Until both workers said they listen and one of them answers ready; fails when the server stops. */
async function bothWorkersServing(running: Server, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (running.process.exitCode !== null) throw new Error(`the server stopped (exit code ${running.process.exitCode}):\n${running.text().slice(-4000)}`)
    const workers = running.text().split('Webstore ready on').length - 1
    if (workers >= 2 && (await ask('/api/health?ready').then((answer) => answer.status === 200, () => false))) return
    await sleep(250)
  }
  throw new Error(`the two workers did not serve within ${timeoutMs / 1000} s:\n${running.text().slice(-4000)}`)
}

const REQUESTS: [string, unknown?][] = [
  ['/api/health?ready'],
  ['/'],
  ['/api/query', { key: 'getProductList', value: { pageSize: 12 } }],
]

async function everyRequestAnswers() {
  const statuses: string[] = []
  for (let index = 0; index < REQUESTS_PER_START; index++) {
    const [pathname, body] = REQUESTS[index % REQUESTS.length]!
    const answer = await ask(pathname, body).then(
      (result) => String(result.status),
      (error: Error) => error.message,
    )
    statuses.push(`${pathname} ${answer}`)
  }
  return statuses
}

async function count(databaseUrl: string, query: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return Number((await client.query<{ count: string }>(query)).rows[0]!.count)
  } finally {
    await client.end()
  }
}

/**
 * Makes the two workers' starts meet where they raced: as soon as the migrations made the staff
 * table, a session of the test starts adding the demo owner itself and keeps its transaction open, so
 * a worker that adds the demo console users waits for it. Once both workers are there — both waiting
 * to add the owner, or one waiting to add it while the other waits for its turn at the start-up lock
 * — the test's transaction is rolled back and they go on together.
 */
async function meetAtTheDemoConsoleUsers(databaseUrl: string): Promise<string> {
  // The watcher is a session of its own: inside a transaction, pg_stat_activity keeps showing what it showed first.
  const holder = new pg.Client({ connectionString: databaseUrl })
  const watcher = new pg.Client({ connectionString: databaseUrl })
  await holder.connect()
  await watcher.connect()
  try {
    const deadline = Date.now() + 600_000
    while (!(await holder.query<{ table: string | null }>("select to_regclass('staff')::text as table")).rows[0]!.table) {
      if (Date.now() > deadline) return 'the migrations made no staff table'
      await sleep(20)
    }
    await holder.query('begin')
    await holder.query("insert into staff (email, name, role) values ('owner@demo.example', 'Held by the test', 'owner')")
    try {
      while (Date.now() < deadline) {
        const { rows } = await watcher.query<{ adding: number; waiting: number }>(
          `select count(*) filter (where query ilike 'insert into "staff"%')::int as adding,
                  count(*) filter (where query ilike '%pg_advisory_lock%')::int as waiting
             from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
        const { adding, waiting } = rows[0]!
        if (adding >= 2 || (adding === 1 && waiting >= 1)) return 'both workers came'
        await sleep(50)
      }
      return 'the workers did not come'
    } finally {
      await holder.query('rollback')
    }
  } finally {
    await holder.end()
    await watcher.end()
  }
}

describe('a fresh PostgreSQL database started with two workers', () => {
  beforeAll(async () => {
    redisUrl = process.env.TEST_REDIS_URL || (await unreachableRedisUrl())
  })
  afterEach(async () => {
    await stopServer(server)
    server = undefined
  }, 30_000)
  afterAll(async () => {
    for (const name of databases) await admin((client) => client.query(`drop database if exists ${name} with (force)`))
    if (process.env.TEST_REDIS_URL) await deleteRedisKeys(process.env.TEST_REDIS_URL, redisPrefix)
    rmSync(folder, { recursive: true, force: true })
  }, 60_000)

  test.each([1, 2, 3, 4, 5])(
    'start %i of 5: the store is migrated and imported once, no worker fails its start, and every request on either worker answers 200',
    async () => {
      const database = await freshDatabase()
      const running = startServer(database.url)
      // The first start may build the app (sources changed): up to 10 minutes.
      await bothWorkersServing(running, 600_000)
      const statuses = await everyRequestAnswers()
      expect(statuses.filter((status) => !status.endsWith(' 200')), running.text().slice(-4000)).toEqual([])
      expect(await count(database.url, 'select count(*) from websites')).toBe(1)
      expect(await count(database.url, "select count(*) from staff where email like '%@demo.example'")).toBe(3)
      expect(running.text()).not.toMatch(/could not start/)
    },
    900_000,
  )

  test(
    'when the two workers reach the demo console users at the same moment (another session adding the owner holds both until both are there), both start and every request answers 200',
    async () => {
      const database = await freshDatabase()
      const running = startServer(database.url)
      const met = meetAtTheDemoConsoleUsers(database.url)
      await bothWorkersServing(running, 600_000)
      expect(await met).toBe('both workers came')
      const statuses = await everyRequestAnswers()
      expect(statuses.filter((status) => !status.endsWith(' 200')), running.text().slice(-4000)).toEqual([])
      expect(await count(database.url, "select count(*) from staff where email like '%@demo.example'")).toBe(3)
      expect(running.text()).not.toMatch(/could not start/)
    },
    900_000,
  )

  test(
    'a worker whose start fails exits before it listens and is started again after a pause, and the replacement serves once the database is there',
    async () => {
      const database = await freshDatabase({ create: false })
      const running = startServer(database.url)
      const deadline = Date.now() + 120_000
      while (!/Worker \d+ could not start/.test(running.text()) && Date.now() < deadline) {
        expect(running.process.exitCode).toBeNull()
        await sleep(100)
      }
      expect(running.text()).toMatch(/The server could not start \(worker \d+\): .*database "resil_fresh_\w+" does not exist/)
      expect(running.text()).toMatch(/Worker \d+ could not start \(exit code 1\); starting another in \d+ s/)
      // Nothing has listened: the failed workers never took a connection.
      expect(await listening()).toBe(false)
      expect(running.text()).not.toContain('Webstore ready on')

      await admin((client) => client.query(`create database ${database.name}`))
      await bothWorkersServing(running, 180_000)
      const statuses = await everyRequestAnswers()
      expect(statuses.filter((status) => !status.endsWith(' 200'))).toEqual([])
      expect(await count(database.url, "select count(*) from staff where email like '%@demo.example'")).toBe(3)
    },
    300_000,
  )

  test(
    'a start that keeps failing ends the server after its last attempt with a line that says so, and nothing ever listened',
    async () => {
      const database = await freshDatabase({ create: false })
      const running = startServer(database.url)
      let everListened = false
      while (running.process.exitCode === null) {
        everListened ||= await listening()
        await sleep(200)
      }
      expect(await running.exited).not.toBe(0)
      expect(everListened).toBe(false)
      expect(running.text()).toMatch(/The workers could not start \d+ times in a row; stopping\./)
    },
    300_000,
  )
})
