import { DomainError } from '../kernel/errors'

export type StoreFileIssue = {
  /** 1-based line in the file; null when the problem is the file as a whole. */
  line: number | null
  /** Where in the document, as a person reads it: `products[14].price`. */
  path: string
  message: string
}

/** A problem between parts of the file (a reference to nothing, a missing image …), before its line is known. */
export type ReferenceIssue = { path: (string | number)[]; message: string }

const SHOWN_ISSUES = 20

/**
 * A store file that cannot be imported, with every problem found and where it is:
 * `store.json line 212: products[14].price: must be a positive amount`.
 */
export class StoreFileError extends DomainError {
  constructor(
    readonly fileLabel: string,
    readonly issues: StoreFileIssue[],
  ) {
    super('invalid', formatIssues(fileLabel, issues))
  }
}

export function formatIssue(fileLabel: string, issue: StoreFileIssue): string {
  const where = issue.line === null ? fileLabel : `${fileLabel} line ${issue.line}`
  return issue.path ? `${where}: ${issue.path}: ${issue.message}` : `${where}: ${issue.message}`
}

function formatIssues(fileLabel: string, issues: StoreFileIssue[]): string {
  const lines = issues.slice(0, SHOWN_ISSUES).map((issue) => formatIssue(fileLabel, issue))
  if (issues.length > SHOWN_ISSUES) lines.push(`… and ${issues.length - SHOWN_ISSUES} more problems`)
  return lines.join('\n')
}
