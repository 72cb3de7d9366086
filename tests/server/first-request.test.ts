import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

// The production server right after it starts: the page gate (site lock, account pages) is
// registered by src/instrumentation.ts, which Next runs only when it handles a request. A page
// asked for before any API call used to be refused with a 500 until something else woke Next up.

const root = path.resolve(import.meta.dirname, '..', '..')
const PORT = 3330
const base = `http://127.0.0.1:${PORT}`

function listening(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: PORT })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

describe('a production server that has just started', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'webstore-first-request-'))
  let server: ChildProcess | undefined

  beforeAll(async () => {
    // start.mjs builds first when the sources changed, as `npm start` does; the demo store is seeded.
    server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOSTNAME_BIND: '127.0.0.1',
        DATABASE_URL: '',
        REDIS_URL: '',
        PGLITE_DATA_DIR: path.join(folder, 'pglite'),
        IMAGES_DIR: path.join(folder, 'images'),
        IMAGE_CACHE_DIR: path.join(folder, 'image-cache'),
        LOG_LEVEL: 'silent',
      },
    })
    const deadline = Date.now() + 600_000
    while (!(await listening())) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start listening')
      await sleep(100)
    }
  }, 660_000)

  afterAll(async () => {
    if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM')
    await sleep(500)
    rmSync(folder, { recursive: true, force: true })
  })

  test('serves the first page asked for, before any API call, with the page gate in place', async () => {
    const first = await fetch(`${base}/shop`, { redirect: 'manual' })
    expect(first.status).toBe(200)
    const account = await fetch(`${base}/me`, { redirect: 'manual' })
    expect(account.status).toBe(307)
    expect(account.headers.get('location')).toMatch(/^\/login\?returnTo=/)
  }, 180_000)
})
