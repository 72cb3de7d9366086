import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { lockDataDir } from './pglite-lock'

let base: string
let otherProcess: ReturnType<typeof spawn>

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'pglite-lock-'))
  otherProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
})

afterAll(() => {
  otherProcess.kill()
})

describe('locking the embedded database folder', () => {
  test('refuses a folder another live process holds, saying what to do', async () => {
    const dataDir = path.join(base, 'held')
    await writeFile(`${dataDir}.pid`, String(otherProcess.pid))
    expect(() => lockDataDir(dataDir)).toThrow(
      `The embedded database in ${dataDir} is in use by another process (pid ${otherProcess.pid}), probably the running web server. Only one process may open it at a time: stop the server (or that process) first, then try again.`,
    )
  })

  test('takes over the pid file a crashed process left behind', async () => {
    const dataDir = path.join(base, 'stale')
    await writeFile(`${dataDir}.pid`, '2147483646')
    const release = lockDataDir(dataDir)
    expect(await readFile(`${dataDir}.pid`, 'utf8')).toBe(String(process.pid))
    release()
    expect(existsSync(`${dataDir}.pid`)).toBe(false)
  })

  test('lets the same process open the folder again', () => {
    const dataDir = path.join(base, 'mine')
    const release = lockDataDir(dataDir)
    expect(() => lockDataDir(dataDir)).not.toThrow()
    release()
  })
})
