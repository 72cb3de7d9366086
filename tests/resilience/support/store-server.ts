import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { type RunningServer, startServer } from '../../../bench/bench-servers'

// The production server (scripts/start.mjs: the build, rebuilt when the sources changed, served by
// scripts/server.mjs) on PostgreSQL, on 127.0.0.1, in its own process group so that it is stopped —
// or killed — by its PID together with its child.

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..')

export type StoreServer = RunningServer & {
  /** SIGKILL to the whole process group: no shutdown handler runs, requests in flight are cut. */
  kill(): Promise<void>
}

export async function startStoreServer({ port, databaseUrl, websiteId, env = {} }: { port: number; databaseUrl: string; websiteId: number; env?: Record<string, string> }): Promise<StoreServer> {
  const server = await startServer({
    label: `store on ${port}`,
    command: process.execPath,
    args: [path.join(ROOT, 'scripts', 'start.mjs')],
    cwd: ROOT,
    port,
    readyPath: '/api/health?ready',
    timeoutMs: 900_000,
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      // The shoppers' addresses come in X-Forwarded-For, as behind a load balancer.
      TRUST_PROXY: '1',
      WEBSITE_ID: String(websiteId),
      SEED_DEMO_STORE: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: '',
      SMTP_URL: '',
      REDIS_URL: '',
      ...env,
    },
  })
  return {
    ...server,
    async kill() {
      const pid = server.process.pid
      if (!pid || server.process.exitCode !== null || server.process.signalCode !== null) return
      process.kill(-pid, 'SIGKILL')
      for (let i = 0; i < 100 && server.process.exitCode === null && server.process.signalCode === null; i++) await sleep(50)
    },
  }
}
