// Cairn's chat engine against a bare SDK stream, same fake Anthropic server, same run: time to
// first text and total time for a 2,000-token streamed answer, and the ratios (Cairn / SDK).
// Run with `npm run bench:chat`. Two profiles:
//   paced   - the server paces the answer like the API does, only faster: 200 ms before the first
//             event, then one event per millisecond (about 1,000 tokens/s; the API streams tens
//             to a few hundred). This is the figure the 1.05x target is about.
//   unpaced - the server writes as fast as the socket takes it: what is left is Cairn's own cost
//             (durable saves of the message and the reply, events), shown in milliseconds.
//   cache   - prompt caching: input tokens billed, written and read over a scripted 30-turn
//             conversation with memory rounds, with caching and without (see chat-cache.ts).
// Environment: BENCH_REPS (measured repetitions per profile, default 10),
// BENCH_ONLY=paced|unpaced|cache (or the profile as argument: `npm run bench:chat -- cache`).
import { cpus, loadavg } from 'node:os'
import Anthropic from '@anthropic-ai/sdk'
import { defaultSettings } from '@shared/app/settings'
import { reply, type FakeAnthropic } from '../e2e/fake-anthropic'
import type { ChatService } from '../src/main/services/chat'
import { buildRequest } from '../src/main/services/chat/frame/request'
import { cacheProfile } from './chat-cache'
import { API_KEY, MODEL, startChatRig } from './chat-rig'
import { median } from './stats'

const REPS = Math.max(1, Number(process.env.BENCH_REPS ?? 10))
const WARMUP = 2
const ONLY = process.env.BENCH_ONLY ?? process.argv[2]

interface Profile {
  name: 'paced' | 'unpaced'
  firstEventDelayMs: number
  eventDelayMs: number
}
const PROFILES: Profile[] = [
  { name: 'paced', firstEventDelayMs: 200, eventDelayMs: 1 },
  { name: 'unpaced', firstEventDelayMs: 0, eventDelayMs: 0 }
]
const TOKENS = 2_000

/** 2,000 text deltas of four characters (about a token each), as the API streams them. */
const ANSWER = Array.from({ length: TOKENS }, (_, i) =>
  ['The ', 'quick', ' fox', ' ran'][i % 4]!.padEnd(4).slice(0, 4)
).join('')

interface Sample {
  firstMs: number
  totalMs: number
}

let profile: Profile = PROFILES[0]!

function script(fake: FakeAnthropic): void {
  fake.script(
    reply(ANSWER, {
      textChunk: 4,
      eventDelayMs: profile.eventDelayMs,
      firstEventDelayMs: profile.firstEventDelayMs
    })
  )
}

/** A bare SDK stream: the same request Cairn sends, read event by event. */
async function sdkOnce(client: Anthropic, fake: FakeAnthropic): Promise<Sample> {
  script(fake)
  const settings = defaultSettings()
  const params = buildRequest(
    {
      model: MODEL,
      messages: [
        {
          id: 'u',
          role: 'user',
          createdAt: '',
          content: [{ type: 'text', text: 'Tell me a story.' }]
        }
      ]
    },
    { ...settings, model: MODEL }
  )
  const start = performance.now()
  let firstMs = -1
  let chars = 0
  const stream = await client.beta.messages.create(params)
  for await (const event of stream) {
    if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
      if (firstMs < 0) firstMs = performance.now() - start
      chars += event.delta.text.length
    }
  }
  const totalMs = performance.now() - start
  if (chars !== ANSWER.length)
    throw new Error(`SDK: ${chars} characters, expected ${ANSWER.length}`)
  return { firstMs, totalMs }
}

/** Through Cairn: send → first chat:delta → chat:done (the reply saved durably). */
async function cairnOnce(chat: ChatService, fake: FakeAnthropic): Promise<Sample> {
  script(fake)
  const { id } = await chat.createConversation({ model: MODEL })
  let firstMs = -1
  let chars = 0
  let start = 0
  const done = new Promise<number>((resolve, reject) => {
    const off = chat.onEvent((event, payload) => {
      if (event === 'chat:delta') {
        if (firstMs < 0) firstMs = performance.now() - start
        chars += (payload as { text: string }).text.length
      } else if (event === 'chat:done') {
        off()
        resolve(performance.now() - start)
      } else if (event === 'chat:error') {
        off()
        reject(new Error(`Cairn: ${(payload as { error: { message: string } }).error.message}`))
      }
    })
  })
  start = performance.now()
  await chat.send({ conversationId: id, text: 'Tell me a story.' })
  const totalMs = await done
  if (chars !== ANSWER.length)
    throw new Error(`Cairn: ${chars} characters, expected ${ANSWER.length}`)
  return { firstMs, totalMs }
}

async function main(): Promise<void> {
  if (ONLY !== 'cache') await timingProfiles()
  if (!ONLY || ONLY === 'cache') await cacheProfile()
}

async function timingProfiles(): Promise<void> {
  const { chat, fake, close } = await startChatRig()
  const client = new Anthropic({
    apiKey: API_KEY,
    baseURL: fake.url,
    maxRetries: 0,
    openTelemetry: false
  })
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  console.log(
    `chat bench: a ${TOKENS.toLocaleString('en-US')}-token streamed answer from the fake API on 127.0.0.1`
  )
  console.log(
    `  ${cpus().length} CPUs, load ${load}, node ${process.version}, ${REPS} reps per profile after ${WARMUP} warm-ups`
  )
  try {
    for (const next of PROFILES) {
      if (ONLY && ONLY !== next.name) continue
      profile = next
      const runs: Record<'Cairn' | 'SDK', Sample[]> = { Cairn: [], SDK: [] }
      for (let rep = 0; rep < WARMUP + REPS; rep++) {
        // Interleaved, alternating who goes first, so drift in machine load hits both alike.
        const order = rep % 2 === 0 ? (['SDK', 'Cairn'] as const) : (['Cairn', 'SDK'] as const)
        for (const who of order) {
          const sample = who === 'SDK' ? await sdkOnce(client, fake) : await cairnOnce(chat, fake)
          if (rep >= WARMUP) runs[who].push(sample)
        }
      }
      report(next, runs)
    }
  } finally {
    await close()
  }
  console.log('')
  console.log('Cairn = send -> first chat:delta -> chat:done, with the message and the reply saved')
  console.log(
    'durably (fsync) and deltas coalesced into events; SDK = the same request read as a bare'
  )
  console.log('stream. Target (paced): ratio <= 1.05x.')
}

function report(p: Profile, runs: Record<'Cairn' | 'SDK', Sample[]>): void {
  const fmt = (ms: number) => `${ms.toFixed(2)} ms`
  // Each repetition ran both back to back: the ratio is taken per pair, then the median of those,
  // so a change in machine load during the run cancels out.
  const row = (label: string, pick: (s: Sample) => number) => {
    const cairn = median(runs.Cairn.map(pick))
    const sdk = median(runs.SDK.map(pick))
    const paired = median(runs.Cairn.map((s, i) => pick(s) / pick(runs.SDK[i]!)))
    const extra = median(runs.Cairn.map((s, i) => pick(s) - pick(runs.SDK[i]!)))
    console.log(
      `  ${label.padEnd(20)} ${fmt(cairn).padStart(11)} ${fmt(sdk).padStart(11)}   ${paired.toFixed(3)}x   ${(extra >= 0 ? '+' : '') + fmt(extra)}`
    )
  }
  console.log('')
  console.log(
    p.name === 'paced'
      ? `paced: ${p.firstEventDelayMs} ms to the first event, then ${p.eventDelayMs} ms between events`
      : 'unpaced: the server writes as fast as the socket takes it'
  )
  console.log('  median                     Cairn         SDK   ratio    Cairn - SDK  (per pair)')
  row('time to first text', (s) => s.firstMs)
  row('total time', (s) => s.totalMs)
}

await main()
