import ts from 'typescript'

// The store-scope check of issue 25 (decision 025): every drizzle query in src/server that reads,
// changes or removes rows of a store-owned table (one with a websiteId column) must name the store,
// so that an id of store A answers on store B exactly like a missing id. A query passes when
// - its where (or $count filter, or relational `where`) mentions T.websiteId, through local
//   variables too (`const scope = and(eq(T.websiteId, …))`, `conditions.push(…)`); or
// - it joins T to a table that is proven so (a join that proves it): an inner join either way; a
//   left join proves the joined table, and proves the others only when the joined table's
//   websiteId is in the where (a null row fails that filter); or
// - the line right above the query (or above its `.from(T)` / `.update(T)` / `.delete(T)`) holds a
//   reasoned exemption: `// store-scope: <why this query may cross stores or is proven otherwise>`.
// Inserts are out of scope (they carry the store in their values). A mention is not a proof:
// `or(eq(T.websiteId, id), …)` passes; review reads those.
//
// Pure: it takes source texts and the store-owned table names, so its own tests run on fixtures.

export type SourceFile = { path: string; text: string }

/** `statementLine`: where the query starts (its exemption goes on the line above). */
export type StoreScopeFinding = { file: string; line: number; table: string; message: string; statementLine?: number }
export type StoreScopeExemption = { file: string; line: number; reason: string }
export type StoreScopeReport = {
  /** Queries on a store-owned table that were checked. */
  queries: number
  /** Queries proven by their where or a join. */
  scoped: number
  exemptions: StoreScopeExemption[]
  findings: StoreScopeFinding[]
}

const EXEMPTION = /^\s*\/\/\s*store-scope:(.*)$/
const MIN_REASON_WORDS = 3

type Join = { kind: string; table: string | null; on: ts.Expression | undefined }

type Query = { tables: { from: string | null; joins: Join[] }; filters: ts.Node[]; anchorLines: number[]; line: number }

export function checkStoreScope(files: readonly SourceFile[], storeOwned: ReadonlySet<string>): StoreScopeReport {
  const report: StoreScopeReport = { queries: 0, scoped: 0, exemptions: [], findings: [] }
  for (const file of files) checkFile(file, storeOwned, report)
  return report
}

function checkFile(file: SourceFile, storeOwned: ReadonlySet<string>, report: StoreScopeReport): void {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const lines = file.text.split('\n')
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line
  const names = tableNames(source)
  const values = localValues(source)
  const functions = localFunctions(source)
  const usedExemptions = new Set<number>()

  const tableOf = (node: ts.Node | undefined): string | null => {
    if (!node) return null
    if (ts.isIdentifier(node)) return node.text.startsWith(RELATIONAL) ? node.text.slice(RELATIONAL.length) : (names.tables.get(node.text) ?? null)
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && names.namespaces.has(node.expression.text)) return node.name.text
    return null
  }

  /**
   * The tables whose websiteId the conditions mention, and every table they mention at all. A local
   * name is followed only where a whole condition stands (the where's argument, an argument of
   * and/or/not, a spread or an array element): `const scope = and(…)`, `conditions.push(…)`. A row
   * read elsewhere (`eq(orders.id, order.id)`) is a value, not a condition, and proves nothing.
   */
  const mentions = (nodes: readonly ts.Node[]) => {
    const scoped = new Set<string>()
    const any = new Set<string>()
    const seen = new Set<ts.Node>()
    const scan = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node)) {
        const table = tableOf(node.expression)
        if (table) {
          any.add(table)
          if (node.name.text === 'websiteId') scoped.add(table)
        }
      }
      ts.forEachChild(node, scan)
    }
    const condition = (node: ts.Node): void => {
      if (seen.has(node)) return
      seen.add(node)
      if (ts.isIdentifier(node)) for (const value of values.get(node.text) ?? []) condition(value)
      else if (ts.isSpreadElement(node) || ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) condition(node.expression)
      else if (ts.isArrayLiteralExpression(node)) node.elements.forEach(condition)
      else if (ts.isConditionalExpression(node)) [node.whenTrue, node.whenFalse].forEach(condition)
      else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^(and|or|not)$/.test(node.expression.text)) node.arguments.forEach(condition)
      else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && functions.has(node.expression.text)) {
        // A condition built by a function of this file (`live(kind, token, websiteId)`): what it returns.
        for (const returned of functions.get(node.expression.text)!) condition(returned)
        node.arguments.forEach(scan)
      }
      else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && /^(filter|concat|slice)$/.test(node.expression.name.text)) {
        condition(node.expression.expression)
        node.arguments.forEach(condition)
      } else scan(node)
    }
    nodes.forEach(condition)
    return { scoped, any }
  }

  const check = (query: Query) => {
    const { from, joins } = query.tables
    const inChain = [from, ...joins.map((join) => join.table)].filter((table): table is string => table !== null)
    if (!inChain.some((table) => storeOwned.has(table))) return
    report.queries++
    const where = mentions(query.filters)
    const proven = new Set(where.scoped)
    // A joined table whose own websiteId is in its join condition is scoped by it (its rows, or nulls).
    for (const join of joins) if (join.table && join.on && mentions([join.on]).scoped.has(join.table)) proven.add(join.table)
    for (let grew = true; grew; ) {
      grew = false
      for (const join of joins) {
        if (!join.table || !join.on) continue
        const linked = mentions([join.on]).any
        const others = [...linked].filter((table) => table !== join.table)
        // The joined table is proven by a proven table its condition links it to.
        if (!proven.has(join.table) && others.some((table) => proven.has(table))) {
          proven.add(join.table)
          grew = true
        }
        // The tables it is linked to are proven by it when the join drops their unmatched rows.
        const filters = join.kind === 'innerJoin' || (join.kind === 'leftJoin' && where.scoped.has(join.table))
        if (filters && proven.has(join.table)) {
          for (const table of others) {
            if (!proven.has(table)) {
              proven.add(table)
              grew = true
            }
          }
        }
      }
    }
    const unproven = [...new Set(inChain)].filter((table) => storeOwned.has(table) && !proven.has(table))
    if (unproven.length === 0) {
      report.scoped++
      return
    }
    const exemption = exemptionAbove(lines, query.anchorLines)
    if (exemption && exemption.reason.split(/\s+/).filter(Boolean).length >= MIN_REASON_WORDS) {
      if (!usedExemptions.has(exemption.line)) report.exemptions.push({ file: file.path, line: exemption.line + 1, reason: exemption.reason })
      usedExemptions.add(exemption.line)
      return
    }
    if (exemption) {
      usedExemptions.add(exemption.line)
      report.findings.push({
        file: file.path,
        line: exemption.line + 1,
        table: unproven.join(', '),
        message: `${file.path}:${exemption.line + 1}: the store-scope exemption gives no reason; say why this query on ${unproven.join(', ')} may cross stores (at least ${MIN_REASON_WORDS} words)`,
      })
      return
    }
    for (const table of unproven) {
      report.findings.push({
        file: file.path,
        line: query.line + 1,
        table,
        statementLine: query.anchorLines[0]! + 1,
        message:
          `${file.path}:${query.line + 1}: query on store-owned table ${table} does not name its store: ` +
          `add eq(${table}.websiteId, ctx.store.websiteId) to its where, join it to a table scoped so, ` +
          `or put "// store-scope: <reason>" on the line above if it is install-wide`,
      })
    }
  }

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text
      const receiver = node.expression.expression
      const table = tableOf(node.arguments[0])
      if (table && (method === 'update' || method === 'delete' || (method === 'from' && isSelect(receiver)))) {
        const chain = chainAbove(node)
        check({
          tables: { from: table, joins: chain.joins.map((join) => ({ kind: join.kind, table: tableOf(join.args[0]), on: join.args[1] })) },
          filters: chain.wheres,
          anchorLines: [lineOf(chain.top), lineOf(node.expression.name)],
          line: lineOf(node.expression.name),
        })
      } else if (table && method === '$count') {
        check({ tables: { from: table, joins: [] }, filters: node.arguments.slice(1), anchorLines: [lineOf(node)], line: lineOf(node) })
      } else if ((method === 'findFirst' || method === 'findMany') && ts.isPropertyAccessExpression(receiver) && ts.isPropertyAccessExpression(receiver.expression) && receiver.expression.name.text === 'query') {
        check(relational(node, receiver.name.text, lineOf))
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)

  // An exemption that no unscoped query needs is stale: it would excuse the next query written there.
  lines.forEach((text, index) => {
    if (EXEMPTION.test(text) && !usedExemptions.has(index)) {
      report.findings.push({ file: file.path, line: index + 1, table: '-', message: `${file.path}:${index + 1}: this store-scope exemption excuses no unscoped query: remove it` })
    }
  })
}

/** `db.query.T.findFirst({ where: … })`: the where may be a callback `(t, { eq }) => eq(t.websiteId, …)`. */
function relational(call: ts.CallExpression, table: string, lineOf: (node: ts.Node) => number): Query {
  const options = call.arguments[0]
  const filters: ts.Node[] = []
  if (options && ts.isObjectLiteralExpression(options)) {
    for (const property of options.properties) {
      if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === 'where') {
        const value = property.initializer
        if ((ts.isArrowFunction(value) || ts.isFunctionExpression(value)) && value.parameters[0] && ts.isIdentifier(value.parameters[0].name)) {
          // The callback's first parameter is the table itself: read `t.websiteId` as `T.websiteId`.
          filters.push(renamed(value.body, value.parameters[0].name.text, table))
        } else filters.push(value)
      }
    }
  }
  return { tables: { from: table, joins: [] }, filters, anchorLines: [lineOf(call)], line: lineOf(call) }
}

/** The where of a relational callback, with its parameter read as the table (a synthetic node: property accesses only). */
function renamed(body: ts.Node, param: string, table: string): ts.Node {
  const found: ts.Node[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === param) {
      found.push(ts.factory.createPropertyAccessExpression(ts.factory.createIdentifier(`${RELATIONAL}${table}`), node.name.text))
    }
    ts.forEachChild(node, visit)
  }
  visit(body)
  return ts.factory.createArrayLiteralExpression(found as ts.Expression[])
}

const RELATIONAL = '\u0000relational:'

/** `db.select(…)`, `tx.selectDistinct(…)`, `db.selectDistinctOn(…)`: the receiver of a drizzle `.from(…)`. */
function isSelect(receiver: ts.Expression): boolean {
  return ts.isCallExpression(receiver) && ts.isPropertyAccessExpression(receiver.expression) && /^select/.test(receiver.expression.name.text)
}

/** The calls chained on a query after its `.from(T)` / `.update(T)` / `.delete(T)`: its joins and wheres, and its outermost node. */
function chainAbove(call: ts.CallExpression) {
  const joins: { kind: string; args: readonly ts.Expression[] }[] = []
  const wheres: ts.Node[] = []
  let top: ts.Node = call
  while (top.parent && ts.isPropertyAccessExpression(top.parent) && top.parent.expression === top && top.parent.parent && ts.isCallExpression(top.parent.parent)) {
    const next = top.parent.parent
    const method = top.parent.name.text
    if (/Join$/.test(method)) joins.push({ kind: method, args: next.arguments })
    if (method === 'where') wheres.push(...next.arguments)
    top = next
  }
  return { joins, wheres, top }
}

/** The exemption on the line right above one of the anchors (a comment block may carry it on any of its lines). */
function exemptionAbove(lines: readonly string[], anchors: readonly number[]): { line: number; reason: string } | null {
  for (const anchor of anchors) {
    for (let index = anchor - 1; index >= 0 && /^\s*\/\//.test(lines[index]!); index--) {
      const match = EXEMPTION.exec(lines[index]!)
      if (!match) continue
      const continued: string[] = []
      for (let next = index + 1; next < anchor && !EXEMPTION.test(lines[next]!); next++) continued.push(lines[next]!.replace(/^\s*\/\/\s?/, ''))
      return { line: index, reason: [match[1]!.trim(), ...continued].join(' ').trim() }
    }
  }
  return null
}

/** Local names of schema tables: imports from a `…/schema` module (renamed ones too), `import * as schema`, and `alias(T, …)`. */
function tableNames(source: ts.SourceFile) {
  const tables = new Map<string, string>()
  const namespaces = new Set<string>()
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue
    if (!/(^|\/)schema(\/[\w-]+)?$/.test(statement.moduleSpecifier.text)) continue
    const bindings = statement.importClause?.namedBindings
    if (!bindings) continue
    if (ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text)
    else for (const element of bindings.elements) tables.set(element.name.text, (element.propertyName ?? element.name).text)
  }
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isCallExpression(node.initializer)) {
      const callee = node.initializer.expression
      const first = node.initializer.arguments[0]
      if (ts.isIdentifier(callee) && /^(alias|aliasedTable)$/.test(callee.text) && first && ts.isIdentifier(first) && tables.has(first.text)) {
        tables.set(node.name.text, tables.get(first.text)!)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { tables, namespaces }
}

/** What each local name may hold: the initializers of variables of that name, and what is pushed onto them. */
function localValues(source: ts.SourceFile): Map<string, ts.Node[]> {
  const values = new Map<string, ts.Node[]>()
  const add = (name: string, node: ts.Node) => values.set(name, [...(values.get(name) ?? []), node])
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) add(node.name.text, node.initializer)
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left)) add(node.left.text, node.right)
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      /^(push|unshift)$/.test(node.expression.name.text)
    ) {
      for (const argument of node.arguments) add(node.expression.expression.text, argument)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return values
}

/** What the functions of this file return, by name: `function live(…) { return and(…) }`, `const scope = (…) => and(…)`. */
function localFunctions(source: ts.SourceFile): Map<string, ts.Node[]> {
  const functions = new Map<string, ts.Node[]>()
  const returnsOf = (body: ts.Node | undefined): ts.Node[] => {
    if (!body) return []
    if (!ts.isBlock(body)) return [body]
    const found: ts.Node[] = []
    const visit = (node: ts.Node): void => {
      if (ts.isReturnStatement(node) && node.expression) found.push(node.expression)
      if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit)
    }
    ts.forEachChild(body, visit)
    return found
  }
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name) functions.set(node.name.text, returnsOf(node.body))
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) {
      functions.set(node.name.text, returnsOf(node.initializer.body))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return functions
}
