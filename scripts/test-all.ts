// npm test (decision 020): the type check, the lint and the unit tests at once, each printed whole
// when it ends; then the integration tests, the production-server tests and the browser tests, one
// after the other, streamed as they run. The first failing stage ends the run with its exit code, like
// `a && b && c`; nothing is printed after the last stage, so its closing line is the run's.
// `tsx scripts/test-all.ts unit integration` runs only the stages named.
import { spawn } from 'node:child_process'

type Stage = { name: string; command: string[] }

const parallel: Stage[] = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'unit', command: ['npm', 'run', '--silent', 'test:unit'] },
]
const sequential: Stage[] = [
  { name: 'integration', command: ['npm', 'run', '--silent', 'test:integration'] },
  { name: 'server', command: ['npm', 'run', '--silent', 'test:server'] },
  { name: 'e2e', command: ['npm', 'run', '--silent', 'test:e2e'] },
]

const wanted = process.argv.slice(2)
const unknown = wanted.filter((name) => ![...parallel, ...sequential].some((stage) => stage.name === name))
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(', ')}; the stages are ${[...parallel, ...sequential].map((stage) => stage.name).join(', ')}`)
  process.exit(2)
}
const chosen = (stages: Stage[]) => (wanted.length === 0 ? stages : stages.filter((stage) => wanted.includes(stage.name)))
const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`
// Colours survive the buffering when the run itself prints to a terminal.
const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env

/** Runs a stage with its output held back, and prints the output whole when the stage ends. */
function buffered(stage: Stage): Promise<number> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(stage.command[0]!, stage.command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code, signal) => {
      const status = code ?? 1
      console.log(`\n── ${stage.name}: ${status === 0 ? 'passed' : `FAILED (${signal ?? `exit ${status}`})`} in ${seconds(started)} ──`)
      process.stdout.write(Buffer.concat(output))
      resolve(status)
    })
  })
}

/** Runs a stage with its output going straight to ours. */
function streamed(stage: Stage): Promise<number> {
  console.log(`\n── ${stage.name} ──`)
  return new Promise((resolve) => {
    const child = spawn(stage.command[0]!, stage.command.slice(1), { env, stdio: 'inherit' })
    child.on('close', (code) => resolve(code ?? 1))
  })
}

const first = chosen(parallel)
if (first.length > 0) {
  const started = performance.now()
  console.log(`── ${first.map((stage) => stage.name).join(', ')}: running at once ──`)
  const codes = await Promise.all(first.map(buffered))
  const failed = codes.find((code) => code !== 0)
  if (failed !== undefined) process.exit(failed)
  console.log(`\n── ${first.map((stage) => stage.name).join(', ')}: passed in ${seconds(started)} ──`)
}
for (const stage of chosen(sequential)) {
  const code = await streamed(stage)
  if (code !== 0) process.exit(code)
}
