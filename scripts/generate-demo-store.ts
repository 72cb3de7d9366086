// Writes the demo store: data/demo-store.json and its logo artwork in data/logos/.
// Run: npx tsx scripts/generate-demo-store.ts   (the output is committed; edit the sources in
// scripts/demo-store/, then rerun. tests/scripts/generated-demo-stores.test.ts fails when they disagree.)
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { demoStoreFiles } from './demo-store/demo-store-file'

const DATA_DIR = path.resolve(import.meta.dirname, '..', 'data')

async function main() {
  await mkdir(path.join(DATA_DIR, 'logos'), { recursive: true })
  const files = demoStoreFiles()
  for (const { file, text } of files) await writeFile(path.join(DATA_DIR, file), text)
  console.log(`Wrote ${files.map(({ file }) => `data/${file}`).join(', ')}.`)
}

await main()
