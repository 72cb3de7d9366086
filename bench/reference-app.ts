import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * A minimal Next App Router app built with the same Next as the store: P2's reference of
 * performance.md, Next serving static files of given bytes from `public/`. (P1's reference is bare
 * node:http, bench/bare-reference.mjs.)
 */
export function buildReferenceApp(options: { dir: string; files: Record<string, Buffer> }) {
  rmSync(options.dir, { recursive: true, force: true })
  mkdirSync(path.join(options.dir, 'app'), { recursive: true })
  mkdirSync(path.join(options.dir, 'public'), { recursive: true })
  for (const [name, bytes] of Object.entries(options.files)) writeFileSync(path.join(options.dir, 'public', name), bytes)
  writeFileSync(path.join(options.dir, 'next.config.mjs'), `export default { poweredByHeader: false }\n`)
  writeFileSync(
    path.join(options.dir, 'app', 'layout.jsx'),
    `export default function RootLayout({ children }) { return <html lang="en"><body>{children}</body></html> }\n`,
  )
  writeFileSync(path.join(options.dir, 'app', 'page.jsx'), `export default function Page() { return <p>reference</p> }\n`)
  const nextBin = path.resolve('node_modules/next/dist/bin/next')
  // webpack: Turbopack takes the project's root as its own and would compile the store's
  // src/instrumentation.ts into this app. Serving prerendered pages and files does not depend on it.
  const build = spawnSync(process.execPath, [nextBin, 'build', '--webpack'], {
    cwd: options.dir,
    encoding: 'utf8',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (build.status !== 0) throw new Error(`reference app build failed:\n${build.stdout}\n${build.stderr}`)
}
