// MCP in Cairn against baselines measured in the same run (issue 37 §5). Run with
// `npm run bench:mcp`. Figures only: nothing here asserts on time.
//   call    - a tool call's round trip: Cairn's chat provider for an MCP server (approval
//             "always") through the hub, vs the bare SDK client, both calling `echo` on their own
//             copy of the reference server (server-everything) over stdio. Target: <= 1.2x.
//   ttft    - time to first token of a chat with 10 stdio servers x 50 tools connected vs a chat
//             with none, the same fake API (paced and unpaced). Target: <= 1.05x.
//   tokens  - a request's input tokens with those 500 tools behind tool search vs all listed
//             (a model without tool search), on a first turn and after a search found a tool.
// Environment: BENCH_CALLS (calls per side, default 300), BENCH_REPS (chat turns per setup and
// profile, default 20), BENCH_ONLY=call|ttft|tokens (or the profile as argument).
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createPromptCache,
  DEFAULT_MODELS,
  reply,
  text,
  toolSearch,
  type FakeAnthropic,
  type FakeModel,
  type MessageReply
} from '../e2e/fake-anthropic'
import { defaultSettings } from '@shared/app/settings'
import { CONVERSATION_VERSION, type Conversation } from '@shared/chat/chat'
import type { ChatService } from '../src/main/services/chat'
import { nextRequest } from '../src/main/services/chat/frame/next-request'
import { chatToolbox } from '../src/main/services/chat/tools/chat-tools'
import type { McpService } from '../src/main/services/mcp/mcp-service'
import { mcpProvider } from '../src/main/services/chat/tools/mcp/mcp-provider'
import { apiToolName } from '../src/main/services/chat/tools/mcp/tool-names'
import { MODEL, startChatRig, type ChatRig } from './chat-rig'
import {
  EVERYTHING_BIN,
  startMcp,
  startSdkClient,
  stdioDraft,
  writeManyToolsServer,
  type McpRig
} from './mcp-rig'
import { median, percentile } from './stats'

const CALLS = Math.max(1, Number(process.env.BENCH_CALLS ?? 300))
const REPS = Math.max(1, Number(process.env.BENCH_REPS ?? 20))
const WARMUP_CALLS = 30
const WARMUP_TURNS = 2
const SERVERS = 10
const TOOLS_PER_SERVER = 50
const ONLY = process.env.BENCH_ONLY ?? process.argv[2]
const REQUEST_REPS = 200

const ms = (value: number): string => `${value.toFixed(3)} ms`

/** One row: median and p95 of each side, the ratio of medians and the median per-pair ratio. */
function row(label: string, cairn: number[], base: number[]): void {
  const paired = median(cairn.map((c, i) => c / base[i]!))
  console.log(
    `  ${label.padEnd(22)} ${ms(median(cairn)).padStart(14)} ${ms(median(base)).padStart(14)}` +
      `   ${ms(percentile(cairn, 0.95)).padStart(14)} ${ms(percentile(base, 0.95)).padStart(14)}` +
      `   ${(median(cairn) / median(base)).toFixed(3)}x  ${paired.toFixed(3)}x`
  )
}

function header(cairn: string, base: string): void {
  console.log(
    `  ${''.padEnd(22)} ${`${cairn} p50`.padStart(14)} ${`${base} p50`.padStart(14)}   ${`${cairn} p95`.padStart(14)} ${`${base} p95`.padStart(14)}   ratio   per pair`
  )
}

async function callProfile(dir: string): Promise<void> {
  console.log('')
  console.log(
    `call: echo on server-everything over stdio, ${CALLS} calls per side after ${WARMUP_CALLS} warm-ups, interleaved`
  )
  const cairn = await startMcp(join(dir, 'call-logs'), [stdioDraft('everything', [EVERYTHING_BIN])])
  const provider = mcpProvider({
    server: { id: 'everything', name: 'Everything' },
    source: cairn.mcp,
    approvalOf: () => 'always',
    allowedInChat: new Set()
  })
  const client = await startSdkClient([EVERYTHING_BIN])
  const name = apiToolName('everything', 'echo')
  const context = {
    conversationId: 'bench',
    turnId: 'bench',
    signal: new AbortController().signal,
    concealed: false
  }
  const viaCairn = async (message: string): Promise<number> => {
    const start = performance.now()
    const run = await provider.run({ id: 'toolu_bench', name, input: { message } }, context)
    const took = performance.now() - start
    if (run.is_error || run.content !== `Echo: ${message}`)
      throw new Error(`Cairn: ${JSON.stringify(run.content)}`)
    return took
  }
  const viaSdk = async (message: string): Promise<number> => {
    const start = performance.now()
    const result = await client.callTool({ name: 'echo', arguments: { message } })
    const took = performance.now() - start
    const text = (result.content as Array<{ text?: string }>)[0]?.text
    if (result.isError || text !== `Echo: ${message}`)
      throw new Error(`SDK: ${JSON.stringify(result.content)}`)
    return took
  }
  const runs = { cairn: [] as number[], sdk: [] as number[] }
  try {
    for (let i = 0; i < WARMUP_CALLS + CALLS; i++) {
      const message = `hello ${i}`
      // Alternating who goes first, so drift in machine load hits both alike.
      const [c, s] =
        i % 2 === 0
          ? [await viaCairn(message), await viaSdk(message)]
          : await viaSdk(message).then(async (s) => [await viaCairn(message), s] as const)
      if (i < WARMUP_CALLS) continue
      runs.cairn.push(c)
      runs.sdk.push(s)
    }
  } finally {
    await client.close()
    await cairn.dispose()
  }
  header('Cairn', 'SDK')
  row('tool call round trip', runs.cairn, runs.sdk)
  console.log(
    '  Cairn = the chat\'s MCP provider (approval "always") -> hub -> SDK client -> server and back,'
  )
  console.log('  its result cut and turned into text for Claude. Target: ratio <= 1.2x.')
}

/** Through Cairn: send -> first chat:delta; the turn is awaited to its end before the next. */
async function firstToken(chat: ChatService): Promise<number> {
  const { id } = await chat.createConversation({ model: MODEL })
  let start = 0
  let first = -1
  const done = new Promise<void>((resolve, reject) => {
    const off = chat.onEvent((event, payload) => {
      if (event === 'chat:delta' && first < 0) first = performance.now() - start
      else if (event === 'chat:done') {
        off()
        resolve()
      } else if (event === 'chat:error') {
        off()
        reject(new Error(`Cairn: ${(payload as { error: { message: string } }).error.message}`))
      }
    })
  })
  start = performance.now()
  await chat.send({ conversationId: id, text: 'Say hello.' })
  await done
  return first
}

const PACES = [
  { name: 'paced', firstEventDelayMs: 200, eventDelayMs: 1 },
  { name: 'unpaced', firstEventDelayMs: 0, eventDelayMs: 0 }
] as const

function script(fake: FakeAnthropic, pace: (typeof PACES)[number]): void {
  fake.script(
    reply('Hello! How can I help today?', {
      textChunk: 4,
      eventDelayMs: pace.eventDelayMs,
      firstEventDelayMs: pace.firstEventDelayMs
    })
  )
}

interface ChatSetups {
  none: ChatRig
  withTools: ChatRig
  mcp: McpRig['mcp']
  connectMs: number
  close(): Promise<void>
}

async function chatSetups(dir: string): Promise<ChatSetups> {
  const server = await writeManyToolsServer(dir, TOOLS_PER_SERVER)
  const drafts = Array.from({ length: SERVERS }, (_, n) => stdioDraft(`tools${n}`, [server]))
  const started = performance.now()
  const mcp = await startMcp(join(dir, 'ttft-logs'), drafts)
  const connectMs = performance.now() - started
  const tools = mcp.hub.tools().length
  if (tools !== SERVERS * TOOLS_PER_SERVER) throw new Error(`${tools} tools connected`)
  const none = await startChatRig()
  const withTools = await startChatRig({}, { mcp: mcp.mcp })
  return {
    none,
    withTools,
    mcp: mcp.mcp,
    connectMs,
    async close() {
      await withTools.close()
      await none.close()
      await mcp.dispose()
    }
  }
}

async function ttftProfile(setups: ChatSetups): Promise<void> {
  console.log('')
  console.log(
    `ttft: ${SERVERS} stdio servers x ${TOOLS_PER_SERVER} tools connected (in ${ms(setups.connectMs)}, before the first turn) vs none, ${REPS} turns per setup after ${WARMUP_TURNS} warm-ups`
  )
  for (const pace of PACES) {
    const runs = { tools: [] as number[], none: [] as number[] }
    for (let rep = 0; rep < WARMUP_TURNS + REPS; rep++) {
      const once = async (rig: ChatRig): Promise<number> => {
        script(rig.fake, pace)
        return firstToken(rig.chat)
      }
      const [t, n] =
        rep % 2 === 0
          ? [await once(setups.withTools), await once(setups.none)]
          : await once(setups.none).then(async (n) => [await once(setups.withTools), n] as const)
      if (rep < WARMUP_TURNS) continue
      runs.tools.push(t)
      runs.none.push(n)
    }
    console.log(
      pace.name === 'paced'
        ? `  paced: ${pace.firstEventDelayMs} ms to the first event, then ${pace.eventDelayMs} ms between events`
        : '  unpaced: the fake writes as fast as the socket takes it'
    )
    header('500 tools', 'none')
    row('time to first token', runs.tools, runs.none)
  }
  console.log(
    '  TTFT = send -> first chat:delta. With tools, the request lists 500 more definitions, which'
  )
  console.log(
    '  Cairn builds and sends and the fake reads and validates. Target (paced): ratio <= 1.05x.'
  )
  await requestParts(setups.mcp)
}

/**
 * Where the extra time goes, Cairn's side: building a chat's first request (its tools offered,
 * the frame set, cache breakpoints marked) and serialising it as the SDK sends it, with the 500
 * tools vs none. What is left of the TTFT difference is the 220 KB more on the socket and the fake
 * API (in this process) reading, validating and counting it.
 */
async function requestParts(mcp: McpService): Promise<void> {
  const settings = { ...defaultSettings(), model: MODEL }
  const conversation = (): Conversation => ({
    version: CONVERSATION_VERSION,
    id: 'c-bench',
    title: '',
    titleSource: 'auto',
    model: MODEL,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    messages: [
      {
        id: 'm-bench',
        role: 'user',
        createdAt: new Date(0).toISOString(),
        content: [{ type: 'text', text: 'Say hello.' }]
      }
    ]
  })
  const timed = async (withMcp: boolean) => {
    const c = conversation()
    const start = performance.now()
    const params = await nextRequest({
      conversation: c,
      settings,
      memoryOn: true,
      tools: chatToolbox(c, settings, withMcp ? { mcp } : {}),
      files: undefined,
      describeModel: undefined,
      now: new Date(0).toISOString()
    })
    const built = performance.now()
    if ((params.tools?.length ?? 0) !== (withMcp ? SERVERS * TOOLS_PER_SERVER + 1 : 1))
      throw new Error(`${params.tools?.length} tools in the request`)
    JSON.stringify(params)
    return { build: built - start, serialise: performance.now() - built }
  }
  const runs = {
    build: [] as number[],
    buildNone: [] as number[],
    json: [] as number[],
    jsonNone: [] as number[]
  }
  for (let rep = 0; rep < 20 + REQUEST_REPS; rep++) {
    const tools = await timed(true)
    const none = await timed(false)
    if (rep < 20) continue
    runs.build.push(tools.build)
    runs.buildNone.push(none.build)
    runs.json.push(tools.serialise)
    runs.jsonNone.push(none.serialise)
  }
  console.log(`  where it goes, Cairn's side (${REQUEST_REPS} first requests of a chat per side):`)
  header('500 tools', 'none')
  row('build the request', runs.build, runs.buildNone)
  row('serialise it (SDK)', runs.json, runs.jsonNone)
  const extra =
    median(runs.build) - median(runs.buildNone) + median(runs.json) - median(runs.jsonNone)
  console.log(`  Cairn's part of the difference: ${ms(extra)} per request (medians).`)
  console.log(
    '  The rest of the difference: 220 KB more through the socket, and the fake API (in this process)'
  )
  console.log('  parsing, validating and counting the 500 definitions before its first event.')
}

/** The tokens of a request's prompt, as the fake counts them (JSON characters / 4 per block). */
function inputTokens(body: unknown): number {
  return createPromptCache({ enabled: false }).account(body).input_tokens
}

/** Claude Sonnet 4.6 as a model without tool search: Cairn then lists every tool up front. */
function withoutToolSearch(): FakeModel {
  const model = DEFAULT_MODELS.find((m) => m.id === MODEL)!
  const caps = model.capabilities!
  return {
    ...model,
    toolSearch: false,
    capabilities: {
      ...caps,
      server_tools: { ...caps.server_tools, tool_search: { supported: false } } as never
    }
  }
}

/** Two turns of one chat; returns the input tokens of each turn's request. */
async function twoTurns(rig: ChatRig, first: MessageReply): Promise<[number, number]> {
  const { id } = await rig.chat.createConversation({ model: MODEL })
  const before = rig.fake.messageRequests().length
  for (const answer of [first, reply('Here it is.')]) {
    rig.fake.script(answer)
    const done = new Promise<void>((resolve, reject) => {
      const off = rig.chat.onEvent((event, payload) => {
        if (event !== 'chat:done' && event !== 'chat:error') return
        off()
        if (event === 'chat:done') resolve()
        else
          reject(new Error(`Cairn: ${(payload as { error: { message: string } }).error.message}`))
      })
    })
    await rig.chat.send({ conversationId: id, text: 'Find the records of kind 7.' })
    await done
  }
  const [a, b] = rig.fake.messageRequests().slice(before)
  for (const r of [a, b]) if (r?.rejected) throw new Error(`the fake refused: ${r.rejected}`)
  return [inputTokens(a?.body), inputTokens(b?.body)]
}

async function tokensProfile(setups: ChatSetups): Promise<void> {
  const total = SERVERS * TOOLS_PER_SERVER
  const found = apiToolName('tools3', 'lookup_7')
  const allListed = await startChatRig({ models: [withoutToolSearch()] }, { mcp: setups.mcp })
  try {
    const listed = await twoTurns(allListed, reply('Looking.'))
    const searched = await twoTurns(
      setups.withTools,
      reply([toolSearch('records of kind 7', [found]), text('Found a lookup tool.')])
    )
    const [none] = await twoTurns(setups.none, reply('Looking.'))
    const tools = (setups.withTools.fake.messageRequests().at(-1)?.body as { tools?: unknown[] })
      .tools
    const row = (label: string, tokens: number, note = '') =>
      console.log(
        `  ${label.padEnd(40)} ${tokens.toLocaleString('en-US').padStart(8)} input tokens${note}`
      )
    const ratio = (a: number, b: number) => ` (${(a / b).toFixed(3)}x all listed)`
    console.log('')
    console.log(
      `tokens: one request's input with ${total} MCP tools, tool search vs all tools listed`
    )
    row('all tools listed, first turn', listed[0])
    row('tool search, first turn', searched[0], ratio(searched[0], listed[0]))
    row('all tools listed, after one search', listed[1])
    row('tool search, after it found 1 tool', searched[1], ratio(searched[1], listed[1]))
    row('no MCP servers, first turn', none)
    console.log(
      `  The 500 tools listed cost ${(listed[0] - none).toLocaleString('en-US')} tokens (${((listed[0] - none) / total).toFixed(1)} per tool); behind tool search ${(searched[0] - none).toLocaleString('en-US')} (the search tool's own entry), and a found tool's definition once found.`
    )
    console.log(
      `  With tool search the request still lists all ${tools?.length ?? 0} tools (memory, the search tool, ${total} deferred); the prompt holds only the loaded ones.`
    )
    console.log(
      "  Tokens are the fake API's estimate, the same for every request: ceil(characters / 4) of each prompt block's JSON; deferred tools count only where a search found them (the API does not count them in the prompt)."
    )
    console.log(
      '  Not counted on either side: the system text the real API adds for tool use and for the search tool itself (a few hundred tokens).'
    )
  } finally {
    await allListed.close()
  }
}

async function main(): Promise<void> {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  console.log('mcp bench: MCP tools in Cairn vs baselines measured in the same run')
  console.log(`  ${cpus().length} CPUs, load ${load}, node ${process.version}`)
  const dir = await mkdtemp(join(tmpdir(), 'cairn-bench-mcp-'))
  try {
    if (!ONLY || ONLY === 'call') await callProfile(dir)
    if (!ONLY || ONLY === 'ttft' || ONLY === 'tokens') {
      const setups = await chatSetups(dir)
      try {
        if (ONLY !== 'tokens') await ttftProfile(setups)
        await tokensProfile(setups)
      } finally {
        await setups.close()
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  console.log('')
  console.log(
    'start: app start to an interactive composer with 10 configured servers vs none is measured'
  )
  console.log(
    '  in the browser harness by `npm run bench:mcp-start` (it needs the built renderer).'
  )
}

await main()
