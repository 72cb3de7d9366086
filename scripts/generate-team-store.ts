// Writes the demo's second store (issue 25): data/team-store.json and the club's crest in data/logos/.
// Run: npx tsx scripts/generate-team-store.ts   (the output is committed; edit the sources, then rerun)
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { STORE_FILE_FORMAT } from '@/server/store-import/store-file-schema'
import { type DemoStoreFile, teamLogos, teamStoreFile } from './demo-store/team-store'

const DATA_DIR = path.resolve(import.meta.dirname, '..', 'data')

for (const logo of teamLogos()) {
  await writeFile(path.join(DATA_DIR, logo.file), logo.svg)
  await writeFile(path.join(DATA_DIR, logo.fileOnDark), logo.svgOnDark)
}
const demo = JSON.parse(await readFile(path.join(DATA_DIR, 'demo-store.json'), 'utf8')) as DemoStoreFile
const team = teamStoreFile(STORE_FILE_FORMAT, demo)
await writeFile(path.join(DATA_DIR, 'team-store.json'), `${JSON.stringify(team, null, 2)}\n`)
console.log(`Wrote data/team-store.json: ${team.products.length} products.`)
