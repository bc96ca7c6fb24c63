// What a tidy keeps (issue 39, "Quality you can check"). Opt-in: it calls the real API with your
// key and costs money, so CI and `npm test` never run it. It generates the messy folder of
// bench/tidy-quality/messy-folder.ts, asks the questions of questions.json with the folder's
// files in the prompt (before), runs a tidy with the app's own tidy service (the same overlay,
// session, proposal and apply), accepts every change, asks again (after), and prints the share
// of facts answerable before/after, the folder's size ratio, the tokens used and their cost.
// Usage: ANTHROPIC_API_KEY=sk-ant-... npm run bench:tidy-quality
//   TIDY_QUALITY_MODEL  a model id (default: the one the app picks, the cheapest that can tidy)
//   TIDY_QUALITY_SEED   the generator's seed (default 39)
//   ANTHROPIC_BASE_URL  another endpoint for the same API (a proxy), as the SDK takes it
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type Anthropic from '@anthropic-ai/sdk'
import { AUTO_MODEL } from '../src/shared/app/settings'
import type { Usage } from '../src/shared/chat/chat'
import { DEFAULT_SPACE_ID } from '../src/shared/memory/spaces'
import { addRequest, ZERO_COST, type CostTotal } from '../src/shared/models/cost'
import { createAnthropicClient } from '../src/main/services/chat'
import { createModelCatalog } from '../src/main/services/chat/models/models'
import { createLogger } from '../src/main/services/log/logger'
import { openMemoryStore, type MemoryStore } from '../src/main/services/memory'
import { readFolder } from '../src/main/services/tidy/overlay'
import { folderText } from '../src/main/services/tidy/prompt'
import { createTidyService, type TidyService } from '../src/main/services/tidy/tidy-service'
import type { TidyProgress } from '../src/shared/tidy/tidy'
import { DEFAULT_SEED, folderBytes, generateMessyFolder } from './tidy-quality/messy-folder'
import questionSet from './tidy-quality/questions.json'
import {
  parseAnswers,
  parseQuestionSet,
  questionPrompt,
  scoreAnswers,
  type Question,
  type Score
} from './tidy-quality/score'

const apiKey = process.env.ANTHROPIC_API_KEY?.trim()
if (!apiKey) {
  console.error(
    'bench:tidy-quality calls the real Anthropic API and costs money (see docs/user-guide.md, Tidy memory).\n' +
      'Set ANTHROPIC_API_KEY to run it: ANTHROPIC_API_KEY=sk-ant-... npm run bench:tidy-quality'
  )
  process.exit(2)
}

const questions = parseQuestionSet(questionSet)
const seed = Number(process.env.TIDY_QUALITY_SEED ?? DEFAULT_SEED)
const space = DEFAULT_SPACE_ID

/** Every request's usage, by model: the tidy's requests are counted off the wire. */
const spent = new Map<string, Usage>()
function count(model: string, usage: Partial<Record<string, unknown>> | undefined): void {
  const n = (key: string) => (typeof usage?.[key] === 'number' ? (usage[key] as number) : 0)
  const was = spent.get(model) ?? {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheCreationTokens: 0
  }
  spent.set(model, {
    inputTokens: was.inputTokens + n('input_tokens'),
    outputTokens: was.outputTokens + n('output_tokens'),
    cacheReadTokens: was.cacheReadTokens + n('cache_read_input_tokens'),
    cacheCreationTokens: was.cacheCreationTokens + n('cache_creation_input_tokens')
  })
}

/** fetch that notes the usage of each Messages answer (the tidy service makes them, not us). */
const countingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init)
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  if (/\/v1\/messages(\?|$)/.test(url) && response.ok) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { model?: string; usage?: Record<string, unknown> } | null
    if (body?.model) count(body.model, body.usage)
  }
  return response
}

async function ask(client: Anthropic, model: string, store: MemoryStore): Promise<Score> {
  const files = await readFolder(store)
  const response = await client.messages.create({
    model,
    max_tokens: 2_000,
    messages: [{ role: 'user', content: questionPrompt(folderText(files), questions) }]
  })
  const text = response.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
  return scoreAnswers(questions, parseAnswers(text))
}

function settled(tidy: TidyService, sessionId: string): Promise<TidyProgress> {
  return new Promise((resolve) => {
    const off = tidy.onProgress((event) => {
      if (event.sessionId !== sessionId) return
      if (event.stage === 'copying' || event.stage === 'working') {
        process.stdout.write(`\r  tidy: ${event.turns} requests, ${event.changes} changes   `)
        return
      }
      off()
      process.stdout.write('\n')
      resolve(event)
    })
  })
}

const pct = (share: number) => `${(share * 100).toFixed(0)} %`
/** Facts answerable before the tidy and not after: what it lost. */
const lost = (before: Score, after: Score) =>
  questions
    .filter((_, i) => before.answered[i] && !after.answered[i])
    .map((q: Question) => q.question)

const dir = await mkdtemp(join(tmpdir(), 'cairn-tidy-quality-'))
const logger = createLogger({ sink: () => undefined })
const baseURL = process.env.ANTHROPIC_BASE_URL?.trim()
const client = createAnthropicClient(
  apiKey,
  { fetch: countingFetch, ...(baseURL ? { baseURL } : {}) },
  logger
)
const root = join(dir, 'memories')
const folder = generateMessyFolder(seed)
for (const [path, text] of Object.entries(folder)) {
  await mkdir(dirname(join(root, path)), { recursive: true })
  await writeFile(join(root, path), text)
}
const store = await openMemoryStore({ root, stateDir: join(dir, 'state') })
const catalog = createModelCatalog({
  dir: join(dir, 'user-data'),
  client: async () => client,
  logger,
  clock: () => new Date()
})
const tidy = createTidyService({
  memoryIn: () => store,
  client: async () => client,
  models: async () => (await catalog.list({ configured: AUTO_MODEL })).models,
  secretGuard: () => ({}),
  scratchRoot: join(dir, 'tidy-scratch'),
  logger
})
try {
  const asked = process.env.TIDY_QUALITY_MODEL
  const estimate = await tidy.estimate({ space, ...(asked ? { model: asked } : {}) })
  const bytesBefore = folderBytes(folder)
  console.log(
    `tidy quality: ${Object.keys(folder).length} files, ${bytesBefore} bytes (seed ${seed}), ${questions.length} questions, model ${estimate.model}`
  )
  const before = await ask(client, estimate.model, store)
  console.log(`  answerable before: ${pct(before.share)}`)
  const { sessionId } = await tidy.start({ space, model: estimate.model })
  const end = await settled(tidy, sessionId)
  if (end.stage !== 'ready') throw new Error(`the tidy ended ${end.stage}: ${end.message ?? ''}`)
  const proposal = await tidy.proposal({ space, sessionId })
  const result = await tidy.apply({ space, sessionId, accept: proposal.changes.map((c) => c.id) })
  console.log(
    `  tidy: ${proposal.changes.length} changes proposed, ${result.applied.length} applied, ${result.skipped.length} skipped`
  )
  const after = await ask(client, estimate.model, store)
  const bytesAfter = folderBytes(await readFolder(store))
  console.log(`  answerable after:  ${pct(after.share)}`)
  for (const question of lost(before, after)) console.log(`    lost by the tidy: ${question}`)
  console.log(
    `  folder size after / before: ${(bytesAfter / bytesBefore).toFixed(2)} (${bytesBefore} → ${bytesAfter} bytes)`
  )
  let cost: CostTotal = ZERO_COST
  for (const [model, usage] of spent) {
    cost = addRequest(cost, model, usage)
    const input = usage.inputTokens + usage.cacheReadTokens + usage.cacheCreationTokens
    console.log(`  tokens (${model}): ${input} in, ${usage.outputTokens} out`)
  }
  // Summed usage priced as one request: a long-prompt tier could make the real bill a bit higher.
  console.log(
    `  estimated cost: $${cost.usd.toFixed(3)}${cost.unpricedTokens ? ` (+ ${cost.unpricedTokens} tokens of a model without a price)` : ''}`
  )
} finally {
  await tidy.dispose()
  await store.dispose()
  await rm(dir, { recursive: true, force: true })
}
