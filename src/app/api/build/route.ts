// GET /api/build: { id } of the build this server runs, for the browser's update check (spec 4).
import { readFile } from 'node:fs/promises'
import path from 'node:path'

let buildId: Promise<string | null> | undefined

// `next build` writes the id (next.config.ts generateBuildId) to .next/BUILD_ID; read once per process.
function runningBuildId(): Promise<string | null> {
  buildId ??= readFile(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').then(
    (text) => text.trim() || null,
    () => null,
  )
  return buildId
}

export async function GET() {
  const id = await runningBuildId()
  return Response.json({ id }, {
    status: id ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  })
}
