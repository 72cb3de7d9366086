import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export type LighthouseScores = { performance: number; accessibility: number; bestPractices: number; seo: number; cls: number; lcpMs: number }

const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync'

/**
 * One Lighthouse run (mobile, the default form factor) with the machine's Chromium. Lighthouse is
 * fetched by npx on demand and kept out of the app's dependencies.
 */
export function runLighthouse(url: string): LighthouseScores | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'webstore-lh-'))
  const report = path.join(dir, 'report.json')
  try {
    const run = spawnSync(
      'npx',
      ['-y', 'lighthouse@12', url, '--quiet', `--chrome-flags=${CHROME_FLAGS}`, '--output=json', `--output-path=${report}`],
      { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, encoding: 'utf8', timeout: 180_000 },
    )
    if (run.status !== 0) return null
    const result = JSON.parse(readFileSync(report, 'utf8')) as {
      categories: Record<string, { score: number | null }>
      audits: Record<string, { numericValue?: number }>
    }
    const score = (name: string) => Math.round((result.categories[name]?.score ?? 0) * 100)
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      cls: result.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      lcpMs: result.audits['largest-contentful-paint']?.numericValue ?? NaN,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
