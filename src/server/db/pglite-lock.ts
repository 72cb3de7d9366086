import { readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DomainError } from '../kernel/errors'

// PGlite is PostgreSQL in one process: two processes opening the same data folder corrupt it, and
// PGlite itself does not notice. Each process that opens the folder leaves its pid here; a second
// process refuses to open it while that pid is alive (a stale file from a crash is taken over).
// The pid file sits beside the folder (.data/pglite.pid), never inside PGlite's own files.

export function lockDataDir(dataDir: string): () => void {
  const file = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.pid`)
  const holder = readHolder(file)
  if (holder !== null && holder !== process.pid && isAlive(holder)) {
    throw new DomainError(
      'unavailable',
      `The embedded database in ${dataDir} is in use by another process (pid ${holder}), probably the running web server. ` +
        'Only one process may open it at a time: stop the server (or that process) first, then try again. ' +
        'To import while the store keeps running, run it on PostgreSQL (DATABASE_URL).',
    )
  }
  writeFileSync(file, String(process.pid))
  const release = () => {
    if (readHolder(file) === process.pid) {
      try {
        unlinkSync(file)
      } catch {
        // Already gone.
      }
    }
  }
  process.once('exit', release)
  return release
}

function readHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
