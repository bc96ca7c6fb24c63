// Tidy memory (issue 39): a proposal of 200 changes over a folder of 1,000 files. Prints how long
// the overlay takes to copy the folder and plan the 200 commands (what a session spends outside
// the API), applying all 200 through the one write path as one entry, and the Undo of all 200
// (which must bring back every byte: checked, not timed). The review screen's figures:
// npm run bench:tidy-review.
// Usage: npm run bench:tidy   (BENCH_RUNS, default 3)
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { DEFAULT_SPACE_ID } from '../src/shared/memory/spaces'
import { openMemoryStore } from '../src/main/services/memory'
import { Overlay } from '../src/main/services/tidy/overlay'
import { buildProposal } from '../src/main/services/tidy/proposal'
import { applyProposal } from '../src/main/services/tidy/apply'
import type { ReasonedStep } from '../src/main/services/tidy/session'
import { median } from './stats'
import { TIDY_FILES as FILES, tidyCommands, writeTidyFolder } from './tidy-fixture'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)

/** sha256 over every path (folders included: an undo leaves no folder behind) and file's bytes. */
async function treeHash(root: string): Promise<string> {
  const hash = createHash('sha256')
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  const items = entries
    .map((e) => ({ dir: e.isDirectory(), rel: relative(root, join(e.parentPath, e.name)) }))
    .sort((a, b) => a.rel.localeCompare(b.rel))
  for (const { dir, rel } of items) {
    hash.update(`${rel}\0${dir ? 'dir' : 'file'}\0`)
    if (!dir) hash.update(await readFile(join(root, rel)))
  }
  return hash.digest('hex')
}

async function once(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'cairn-tidy-bench-'))
  const root = join(dir, 'memories')
  await writeTidyFolder(root)
  const store = await openMemoryStore({ root, stateDir: join(dir, 'state') })
  try {
    const original = await treeHash(root)
    let t = performance.now()
    const overlay = await Overlay.open({
      memory: store,
      scratchDir: join(dir, 'scratch'),
      secretGuard: {},
      actor: { kind: 'claude', conversationId: 'tidy-bench' }
    })
    const copied = performance.now() - t
    t = performance.now()
    const steps: ReasonedStep[] = []
    for (const input of tidyCommands()) {
      const { result, step } = await overlay.run(input)
      if (!step) throw new Error(`not planned: ${result.content}`)
      steps.push({ ...step, reason: 'bench' })
    }
    const planned = performance.now() - t
    t = performance.now()
    const proposal = await buildProposal({
      sessionId: '00000000-0000-4000-8000-000000000000',
      space: DEFAULT_SPACE_ID,
      model: 'bench',
      focus: '',
      summary: '',
      steps,
      before: overlay.before,
      after: await overlay.after(),
      limits: (await store.usage()).limits
    })
    const built = performance.now() - t
    await overlay.dispose()
    if (proposal.changes.length !== 200) throw new Error('expected 200 changes')
    t = performance.now()
    const result = await applyProposal(
      store,
      proposal,
      steps,
      proposal.changes.map((c) => c.id)
    )
    const applied = performance.now() - t
    if (result.applied.length !== 200 || result.seq === null)
      throw new Error(`applied ${result.applied.length}: ${JSON.stringify(result.skipped[0])}`)
    t = performance.now()
    const undo = await store.revert(result.seq)
    const undone = performance.now() - t
    if (undo.status !== 'reverted') throw new Error(`undo: ${JSON.stringify(undo)}`)
    if ((await treeHash(root)) !== original)
      throw new Error('the undo did not restore every byte and folder')
    return { copied, planned, built, applied, undone }
  } finally {
    await store.dispose()
    await rm(dir, { recursive: true, force: true })
  }
}

const runs: Array<Record<string, number>> = []
for (let i = 0; i < RUNS; i++) runs.push(await once())
const figure = (key: string) => `${median(runs.map((r) => r[key] as number)).toFixed(0)} ms`
console.log(
  `tidy: 200 changes over ${FILES.toLocaleString('en-US')} files (median of ${RUNS} runs)`
)
console.log(`  overlay: copy the folder         ${figure('copied')}`)
console.log(`  overlay: plan the 200 commands   ${figure('planned')}`)
console.log(`  proposal: build (diffs, forgotten lines, totals)  ${figure('built')}`)
console.log(`  apply all 200 (one entry)        ${figure('applied')}   (issue's bound: 2 s)`)
console.log(`  undo all 200 (every byte back)   ${figure('undone')}   (issue's bound: 2 s)`)
