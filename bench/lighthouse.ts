import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export type LighthouseScores = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  cls: number
  lcpMs: number
  tbtMs: number
  /** The weighted accessibility, best-practices and SEO audits that did not pass: what holds a score below 100. */
  failing: string[]
}

export type LighthouseOptions = {
  /** Measure the page signed in as this account (bench/lighthouse-signed-in.mjs signs in through /login first). */
  signIn?: { email: string; password: string }
}

const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync'
const LIGHTHOUSE = 'lighthouse@12'

/**
 * One Lighthouse run (mobile, the default form factor) with the machine's Chromium. Lighthouse is
 * fetched by npx on demand and kept out of the app's dependencies. A signed-in page is measured
 * through Lighthouse's Node API in a browser tab that signed in first: the account area keeps the
 * session in the tab's session storage, which a cookie alone does not give.
 */
export function runLighthouse(url: string, options: LighthouseOptions = {}): LighthouseScores | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'webstore-lh-'))
  const report = path.join(dir, 'report.json')
  const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  try {
    const run = options.signIn
      ? spawnSync('npx', ['-y', '-p', LIGHTHOUSE, '-c', `node ${JSON.stringify(path.join(import.meta.dirname, 'lighthouse-signed-in.mjs'))}`], {
          env: {
            ...process.env,
            CHROME_PATH: chrome,
            LH_URL: url,
            LH_REPORT: report,
            LH_EMAIL: options.signIn.email,
            LH_PASSWORD: options.signIn.password,
          },
          encoding: 'utf8',
          timeout: 240_000,
        })
      : spawnSync('npx', ['-y', LIGHTHOUSE, url, '--quiet', `--chrome-flags=${CHROME_FLAGS}`, '--output=json', `--output-path=${report}`], {
          env: { ...process.env, CHROME_PATH: chrome },
          encoding: 'utf8',
          timeout: 180_000,
        })
    if (run.status !== 0) {
      console.error(`[bench] lighthouse ${url} failed: ${(run.stderr || run.stdout || String(run.error ?? '')).slice(-2000)}`)
      return null
    }
    const result = JSON.parse(readFileSync(report, 'utf8')) as LighthouseReport
    // A run whose page did not load (runtimeError) scores 0 everywhere: it is a failed run, not a figure.
    if (result.runtimeError || result.categories.performance?.score == null) {
      console.error(`[bench] lighthouse ${url}: the run failed (${result.runtimeError?.code ?? 'no performance score'})`)
      return null
    }
    return scoresOf(result)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

type LighthouseReport = {
  runtimeError?: { code: string; message: string }
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<string, { score: number | null; numericValue?: number; title: string }>
}

function scoresOf(result: LighthouseReport): LighthouseScores {
  const score = (name: string) => Math.round((result.categories[name]?.score ?? 0) * 100)
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (result.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && result.audits[ref.id]?.score !== null && (result.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id}`),
  )
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: result.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    lcpMs: result.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: result.audits['total-blocking-time']?.numericValue ?? NaN,
    failing,
  }
}
