import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { demoStoreFile, demoStoreFiles, type GeneratedFile } from '../../scripts/demo-store/demo-store-file'
import { teamStoreFiles } from '../../scripts/demo-store/team-store'
import { STORE_FILE_FORMAT } from '@/server/store-import/store-file-schema'

// The demo's two stores are generated files (docs/store-file.md, "The demo store"): data/demo-store.json,
// data/team-store.json and their logos in data/logos/, from the sources in scripts/demo-store/. A
// change made to the committed files alone is lost the next time someone runs a generator, so the
// committed files must be exactly what the generators write.

const DATA_DIR = path.resolve(import.meta.dirname, '..', '..', 'data')
const RERUN = 'edit the sources in scripts/demo-store/, then run npx tsx scripts/generate-demo-store.ts and npx tsx scripts/generate-team-store.ts'

/** Where two texts part: the first line that differs, as a hint beside the diff. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n')
  const b = generated.split('\n')
  const line = a.findIndex((text, index) => text !== b[index])
  const at = line === -1 ? a.length : line
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end of file)')}, generated ${JSON.stringify(b[at] ?? '(end of file)')}`
}

function expectCommitted(files: GeneratedFile[]) {
  for (const { file, text } of files) {
    const committed = readFileSync(path.join(DATA_DIR, file), 'utf8')
    const where = committed === text ? '' : firstDifference(committed, text)
    expect(committed, `data/${file} is not what its generator writes (${where}): ${RERUN}`).toBe(text)
  }
}

describe('the generated demo stores', () => {
  test('the committed demo store and its logos are exactly what generate-demo-store.ts writes', () => {
    expectCommitted(demoStoreFiles())
  })

  test('the committed team store and its crest are exactly what generate-team-store.ts writes from the demo store', () => {
    expectCommitted(teamStoreFiles(STORE_FILE_FORMAT, demoStoreFile()))
  })

  test('every logo in data/logos is one a generator writes', () => {
    const generated = [...demoStoreFiles(), ...teamStoreFiles(STORE_FILE_FORMAT, demoStoreFile())].map(({ file }) => file)
    const committed = readdirSync(path.join(DATA_DIR, 'logos')).map((file) => `logos/${file}`)
    expect(committed.filter((file) => !generated.includes(file)), `logos no generator writes: ${RERUN}, or delete them`).toEqual([])
  })
})
