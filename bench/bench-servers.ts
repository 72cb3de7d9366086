import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'

export function log(message: string) {
  console.log(`[bench] ${message}`)
}

/** The same server address with another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** True when something accepts connections at the URL's host and port within a second. */
export function listens(url: URL, defaultPort: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || defaultPort), timeout: 1000 })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

/** True when PostgreSQL at `adminUrl` accepts a session within two seconds. */
export async function postgresAnswers(adminUrl: string): Promise<boolean> {
  const probe = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 })
  try {
    await probe.connect()
    await probe.end()
    return true
  } catch {
    return false
  }
}

export type RunningServer = { url: string; process: ChildProcess; startedInMs: number; stop: () => Promise<void> }

/** Starts a server command on loopback and resolves once `readyPath` answers 200. */
export async function startServer(options: {
  command: string
  args: string[]
  cwd: string
  port: number
  env?: Record<string, string>
  readyPath?: string
  timeoutMs?: number
  label: string
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`
  const started = performance.now()
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(options.port), HOSTNAME_BIND: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stop() ends the server and its children by PID
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)))
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)))
  const stop = async () => {
    if (child.exitCode !== null || !child.pid) return
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      return
    }
    for (let i = 0; i < 50 && child.exitCode === null; i++) await sleep(100)
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
  }
  const deadline = Date.now() + (options.timeoutMs ?? 300_000)
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${options.label} exited early:\n${output}`)
    try {
      const response = await fetch(url + (options.readyPath ?? '/'))
      if (response.ok) {
        await response.arrayBuffer()
        return { url, process: child, startedInMs: performance.now() - started, stop }
      }
    } catch {
      // not listening yet
    }
    await sleep(50)
  }
  await stop()
  throw new Error(`${options.label} did not answer within the timeout:\n${output}`)
}

export type LoadResult = { requestsPerSec: number; p50: number; p99: number; errors: number; non2xx: number; bytesPerRequest: number }

/** One autocannon run in its own process (the load generator must not share the server's cores' event loop). */
export async function runLoad(options: {
  url: string
  connections: number
  seconds: number
  method?: string
  headers?: Record<string, string>
  body?: string
  /** Requests a second over all connections (autocannon -R); as fast as possible without. */
  rate?: number
}): Promise<LoadResult> {
  const args = ['node_modules/autocannon/autocannon.js', '--json', '-c', String(options.connections), '-d', String(options.seconds)]
  if (options.rate) args.push('-R', String(options.rate))
  if (options.method) args.push('-m', options.method)
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`)
  if (options.body) args.push('-b', options.body)
  args.push(options.url)
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  await new Promise((resolve) => child.on('exit', resolve))
  const result = JSON.parse(stdout) as {
    requests: { average: number }
    latency: { p50: number; p99: number }
    errors: number
    non2xx: number
    throughput: { average: number }
  }
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    bytesPerRequest: result.requests.average ? result.throughput.average / result.requests.average : 0,
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export type WrkResult = { requestsPerSec: number; p50: number; p99: number; errors: number; non2xx: number }

/** wrk's duration in ms ("812.00us", "1.23ms", "1.05s", "2.00m"). */
function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text)
  if (!match) return NaN
  const value = Number(match[1])
  return match[2] === 'us' ? value / 1000 : match[2] === 'ms' ? value : match[2] === 's' ? value * 1000 : value * 60_000
}

/**
 * One wrk run (`wrk -t threads -c connections -d seconds --latency`), its own process in C, for
 * the Host header of one store among many (autocannon sends the URL's own host). Null when wrk is
 * not installed.
 */
export function runWrk(options: { url: string; connections: number; seconds: number; threads?: number; headers?: Record<string, string>; timeoutSeconds?: number }): Promise<WrkResult | null> {
  const args = ['-t', String(options.threads ?? 1), '-c', String(options.connections), '-d', `${options.seconds}s`, '--latency']
  // wrk counts an answer slower than its timeout (2 s unless told) as an error and leaves it out of the latencies.
  if (options.timeoutSeconds) args.push('--timeout', `${options.timeoutSeconds}s`)
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`)
  args.push(options.url)
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(null) : reject(error)))
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk ended with ${code}: ${stderr}${stdout}`))
      const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout)
      const p50 = /^\s+50%\s+(\S+)/m.exec(stdout)
      const p99 = /^\s+99%\s+(\S+)/m.exec(stdout)
      if (!rate || !p50 || !p99) return reject(new Error(`wrk said something unexpected:\n${stdout}`))
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)
      resolve({
        requestsPerSec: Number(rate[1]),
        p50: wrkMs(p50[1]!),
        p99: wrkMs(p99[1]!),
        errors: socketErrors ? socketErrors.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
        non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0),
      })
    })
  })
}
