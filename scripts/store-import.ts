// npm run store:import -- <store.json> [--check]
// Loads a store file (docs/store-file.md) into the database: the embedded PGlite in .data/pglite, or
// PostgreSQL when DATABASE_URL is set. Migrates first. --check validates the file and changes nothing.
import { runStoreImport } from './store-import-cli'

const args = process.argv.slice(2)
const check = args.includes('--check')
const files = args.filter((arg) => !arg.startsWith('--'))

if (files.length !== 1 || args.includes('--help')) {
  console.error('Usage: npm run store:import -- <store.json> [--check]')
  console.error('  Loads the store file into the database (DATABASE_URL, or the embedded .data/pglite).')
  console.error('  --check  only validate the file; report every problem with its line')
  process.exit(files.length === 1 ? 0 : 2)
}

process.exitCode = await runStoreImport({ filePath: files[0]!, check })
