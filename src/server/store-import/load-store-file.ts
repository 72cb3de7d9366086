import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { formatJsonPath, JsonSyntaxError, type LocatedJson, parseJsonWithLocations } from '../kernel/json-locations'
import { StoreFileError, type StoreFileIssue } from './store-file-error'
import { outboundAddressIssues } from './outbound-addresses'
import { checkReferences } from './store-file-references'
import { friendlyIssueMessage, type StoreFile, StoreFileSchema } from './store-file-schema'

// Reading a store file (docs/store-file.md) before anything is written: JSON with the line of every
// value, the schema, then the references between its parts and the addresses the server would call.

/**
 * How deep lists and objects may nest in a store file. The demo store nests seven levels; the
 * bound stops a hostile or broken file (200,000 levels of '[') at the parser, before anything
 * recurses down it (the parser itself, the schema).
 */
export const STORE_FILE_MAX_DEPTH = 64

export type LoadedStoreFile = { file: StoreFile; baseDir: string; fileLabel: string; located: LocatedJson }

/** Reads and validates a store file. Throws StoreFileError naming the line and field of every problem. */
export async function loadStoreFile(filePath: string, { confined = false }: { confined?: boolean } = {}): Promise<LoadedStoreFile> {
  const fileLabel = path.basename(filePath)
  let text: string
  try {
    text = await readFile(filePath, 'utf8')
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : (error as Error).message
    throw new StoreFileError(fileLabel, [{ line: null, path: '', message: `${reason} (${path.resolve(filePath)})` }])
  }
  let located: LocatedJson
  try {
    located = parseJsonWithLocations(text, { maxDepth: STORE_FILE_MAX_DEPTH })
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error
    if (error.message.startsWith('nested more than')) {
      throw new StoreFileError(fileLabel, [
        { line: error.line, path: '', message: `lists and objects are nested more than ${STORE_FILE_MAX_DEPTH} levels deep; no store file nests that deep (docs/store-file.md)` },
      ])
    }
    throw new StoreFileError(fileLabel, [{ line: error.line, path: '', message: `JSON syntax error at column ${error.column}: ${error.message}` }])
  }
  const parsed = StoreFileSchema.safeParse(located.value, { error: friendlyIssueMessage })
  if (!parsed.success) {
    const issues = parsed.error.issues.flatMap((issue): StoreFileIssue[] => {
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((key) => issueAt(located, [...issue.path, key], 'unknown field (check its spelling in docs/store-file.md)'))
      }
      return [issueAt(located, issue.path, issue.message)]
    })
    throw new StoreFileError(fileLabel, sortIssues(issues))
  }
  const baseDir = path.dirname(path.resolve(filePath))
  const referenceIssues = [...checkReferences(parsed.data, baseDir, { confined }), ...outboundAddressIssues(parsed.data)]
  if (referenceIssues.length > 0) throw new StoreFileError(fileLabel, sortIssues(referenceIssues.map((issue) => issueAt(located, issue.path, issue.message))))
  return { file: parsed.data, baseDir, fileLabel, located }
}

export function issueAt(located: LocatedJson, at: readonly PropertyKey[], message: string): StoreFileIssue {
  return { line: located.lineOf(at), path: formatJsonPath(at), message }
}

export function sortIssues(issues: StoreFileIssue[]): StoreFileIssue[] {
  return issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
}
