import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

// The production server as `npm start` runs it (scripts/start.mjs builds first when the sources
// changed, then runs scripts/server.mjs), on loopback, on a throw-away embedded database seeded
// with the demo store. Tests that need the real edge (the raw request line, the page cache, the
// API dispatch) start one; it is stopped by its process group.

const root = path.resolve(import.meta.dirname, '..', '..')

export type ProductionServer = {
  readonly url: string
  /** CPU seconds (user + system) the serving process has used so far (Linux /proc). */
  cpuSeconds(): number
  stop(): Promise<void>
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** The pid of scripts/server.mjs: the child start.mjs spawned. */
function serverPid(starter: ChildProcess): number {
  const children = readFileSync(`/proc/${starter.pid}/task/${starter.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
  if (children.length !== 1) throw new Error(`expected one server process under start.mjs, found ${children.length}`)
  return Number(children[0])
}

function cpuSecondsOf(pid: number): number {
  // Fields after the command name: state is field 3, utime 14, stime 15 (clock ticks, 100 per second).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

export async function startProductionServer({ port, env = {} }: { port: number; env?: Record<string, string> }): Promise<ProductionServer> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'webstore-production-'))
  const starter = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOSTNAME_BIND: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      TRUST_PROXY: '',
      PGLITE_DATA_DIR: path.join(folder, 'pglite'),
      IMAGES_DIR: path.join(folder, 'images'),
      IMAGE_CACHE_DIR: path.join(folder, 'image-cache'),
      LOG_LEVEL: 'silent',
      ...env,
    },
  })
  const stop = async () => {
    if (starter.pid && starter.exitCode === null) process.kill(-starter.pid, 'SIGTERM')
    await sleep(500)
    rmSync(folder, { recursive: true, force: true })
  }
  const deadline = Date.now() + 600_000
  while (!(await listening(port))) {
    if (starter.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error('the production server did not start listening')
    }
    await sleep(100)
  }
  const pid = serverPid(starter)
  return { url: `http://127.0.0.1:${port}`, cpuSeconds: () => cpuSecondsOf(pid), stop }
}
