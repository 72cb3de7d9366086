#!/usr/bin/env node
// `npm start`: build the production bundle when the sources changed since the last build, then serve
// it on PORT (default 3000) with scripts/server.mjs. The server migrates the database and seeds the
// demo store on its first start (src/instrumentation.ts): a fresh clone needs only
// `npm install && npm start`.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import nextEnv from '@next/env'

const root = path.resolve(import.meta.dirname, '..')
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next')
const stampFile = path.join(root, '.next', 'source-stamp')
const inputs = ['src', 'messages', 'public', 'next.config.ts', 'package.json', 'package-lock.json', 'postcss.config.mjs', 'tsconfig.json']
const buildEnv = ['NEXT_PUBLIC_GA_ID', 'NEXT_PUBLIC_IMAGE_BASE', 'NEXT_PUBLIC_LOCALE_PREFIX', 'NEXT_PUBLIC_LOCALE_COOKIE']

process.env.NEXT_TELEMETRY_DISABLED = '1'
// .env files (see .env.example) count for the build stamp, PORT and HOSTNAME_BIND too.
nextEnv.loadEnvConfig(root, false, { info: () => {}, error: console.error })

function hashSources() {
  const hash = createHash('sha256')
  const visit = (/** @type {string} */ entry) => {
    const full = path.join(root, entry)
    if (!existsSync(full)) return
    const stat = statSync(full)
    if (stat.isDirectory()) {
      for (const child of readdirSync(full).sort()) visit(path.join(entry, child))
    } else if (!entry.endsWith('.test.ts')) {
      hash.update(entry).update(readFileSync(full))
    }
  }
  inputs.forEach(visit)
  for (const name of buildEnv) hash.update(`${name}=${process.env[name] ?? ''}`)
  return hash.digest('hex')
}

const stamp = hashSources()
const isBuilt = existsSync(path.join(root, '.next', 'BUILD_ID')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp
if (!isBuilt) {
  console.log('Building the store (first start, or the sources changed)…')
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: 'inherit', env: process.env })
  if (build.status !== 0) process.exit(build.status ?? 1)
  writeFileSync(stampFile, stamp)
}

const server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(/** @type {NodeJS.Signals} */ (signal)))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
