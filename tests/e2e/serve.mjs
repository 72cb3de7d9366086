// Serves the production build for the browser tests on loopback, on a fresh embedded database that
// the server seeds with the demo store at start. Stops with its parent (Playwright).
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..', '..')
const dataDir = path.join(root, '.data', 'e2e')
rmSync(dataDir, { recursive: true, force: true })

const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    HOSTNAME_BIND: '127.0.0.1',
    PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
    IMAGES_DIR: path.join(dataDir, 'images'),
    IMAGE_CACHE_DIR: path.join(dataDir, 'image-cache'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill('SIGTERM'))
server.on('exit', (code) => process.exit(code ?? 0))
