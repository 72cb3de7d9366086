// Writes the demo's second store (issue 25): data/team-store.json and the club's crest in data/logos/.
// Run: npx tsx scripts/generate-team-store.ts   (the output is committed; edit the sources, then rerun.
// It reads data/demo-store.json: run generate-demo-store.ts first. tests/scripts/generated-demo-stores.test.ts
// fails when the committed files and the sources disagree.)
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { STORE_FILE_FORMAT } from '@/server/store-import/store-file-schema'
import { type DemoStoreFile, teamStoreFiles } from './demo-store/team-store'

const DATA_DIR = path.resolve(import.meta.dirname, '..', 'data')

const demo = JSON.parse(await readFile(path.join(DATA_DIR, 'demo-store.json'), 'utf8')) as DemoStoreFile
const files = teamStoreFiles(STORE_FILE_FORMAT, demo)
for (const { file, text } of files) await writeFile(path.join(DATA_DIR, file), text)
console.log(`Wrote ${files.map(({ file }) => `data/${file}`).join(', ')}.`)
