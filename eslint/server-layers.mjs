// The inner direction of src/server (decision 018, docs/architecture.md), as an ESLint rule:
//
//   leaves (kernel/, db/, cache/, adapters/, env.ts)  ←  domains  ←  the API registries (api/)
//
// - a leaf imports only leaves;
// - no folder of src/server imports api/ (the registries gather the domains, never the reverse);
// - the folders' import graph has no cycle: an import whose folder and target folder are on one
//   cycle is reported, with the cycle, in every file that takes part in it.
//
// The folder graph is read from the files on disk (production files, not tests), once per lint run
// (kept for a few seconds), so the rule sees the whole of src/server while ESLint looks at one file.

import fs from 'node:fs'
import path from 'node:path'

export const LEAVES = new Set(['kernel', 'db', 'cache', 'adapters', '(root)'])
export const REGISTRIES = new Set(['api'])

const SOURCE = /\.(ts|tsx|mts|mjs)$/
const TEST = /\.test\.tsx?$/
const SPECIFIERS = /(?:^|[\s;}])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm

function serverRoot(filename) {
  const at = filename.split(path.sep).join('/').lastIndexOf('/src/server/')
  return at === -1 ? null : filename.slice(0, at + '/src/server'.length)
}

/** The folder of src/server a path is in: 'orders', or '(root)' for env.ts; null outside. */
function folderOf(root, file) {
  const relative = path.relative(root, file)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null
  const parts = relative.split(path.sep)
  return parts.length > 1 ? parts[0] : '(root)'
}

/** Where an import specifier points, as a path without extension; null for packages. */
function target(root, fromFile, specifier) {
  if (specifier.startsWith('@/server/')) return path.join(root, specifier.slice('@/server/'.length))
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier)
  return null
}

function sourceFiles(dir) {
  const files = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations' && entry.name !== 'node_modules') files.push(...sourceFiles(full))
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full)
  }
  return files
}

/** folder → folder → the files (relative) whose imports make the edge. */
export function folderGraph(root) {
  const edges = new Map()
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file)
    for (const match of fs.readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      const resolved = target(root, file, match[1] ?? match[2] ?? match[3])
      const to = resolved && folderOf(root, resolved)
      if (!to || to === from) continue
      if (!edges.has(from)) edges.set(from, new Map())
      const files = edges.get(from).get(to) ?? []
      files.push(path.relative(root, file))
      edges.get(from).set(to, files)
    }
  }
  return edges
}

/** The strongly connected folders (Tarjan): folder → its cycle's members, for folders on a cycle. */
export function folderCycles(edges) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const cycleOf = new Map()
  let next = 0
  const visit = (node) => {
    index.set(node, next)
    low.set(node, next)
    next += 1
    stack.push(node)
    onStack.add(node)
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node), low.get(to)))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)))
    }
    if (low.get(node) !== index.get(node)) return
    const members = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      members.push(member)
    } while (member !== node)
    if (members.length < 2) return
    members.sort()
    for (const each of members) cycleOf.set(each, members)
  }
  for (const node of edges.keys()) if (!index.has(node)) visit(node)
  return cycleOf
}

const cached = new Map()
function cyclesFor(root) {
  const hit = cached.get(root)
  if (hit && Date.now() - hit.at < 5000) return hit.cycles
  const cycles = folderCycles(folderGraph(root))
  cached.set(root, { at: Date.now(), cycles })
  return cycles
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps src/server layered: leaves ← domains ← api registries, and no folder cycles (decision 018).' },
    schema: [],
    messages: {
      leaf: "src/server/{{from}}/ is a leaf (kernel, db, cache, adapters): it must not import src/server/{{to}}/. Move what it needs down into a leaf, or pass it in (docs/architecture.md, decision 018).",
      registry: 'src/server/{{from}}/ must not import the API registries (src/server/api/): the registries gather the domains, never the reverse. Shared shapes and input parsing live in kernel/.',
      cycle: 'src/server/{{from}}/ → {{to}}/ is part of a folder import cycle ({{cycle}}). Move the shared piece down to the lower folder or to kernel/ (docs/architecture.md, decision 018).',
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename()
    const root = serverRoot(filename)
    if (!root || TEST.test(filename)) return {}
    const from = folderOf(root, filename)
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return
      const resolved = target(root, filename, specifier)
      const to = resolved && folderOf(root, resolved)
      if (!to || to === from) return
      if (LEAVES.has(from) && !LEAVES.has(to)) return context.report({ node, messageId: 'leaf', data: { from, to } })
      if (REGISTRIES.has(to)) return context.report({ node, messageId: 'registry', data: { from, to } })
      const cycle = cyclesFor(root).get(from)
      if (cycle && cycle.includes(to)) context.report({ node, messageId: 'cycle', data: { from, to, cycle: cycle.join(', ') } })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    }
  },
}

const plugin = { meta: { name: 'server-layers' }, rules: { 'server-layers': rule } }
export default plugin
