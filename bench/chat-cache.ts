// The chat bench's `cache` profile: what prompt caching saves on input over a scripted 30-turn
// conversation with memory tool rounds, through the real chat service against the fake API
// (which caches like the real one: exact prefix, 20-block lookback, per-model minimum, 5-minute
// TTL). The same script runs twice in the same run, on fresh folders: once with the API caching,
// once with caching off (every input token at the base rate), the baseline.
// Price weights (Anthropic's prompt-caching pricing): base input 1x, cache write 1.25x (5-minute
// TTL), cache read 0.1x. Output tokens are the same in both runs and left out.
import type { Usage } from '@shared/chat/chat'
import { memory, reply, text, type MessageReply } from '../e2e/fake-anthropic'
import { MODEL, startChatRig } from './chat-rig'

const TURNS = 30
const WRITE = 1.25
const READ = 0.1

const TOPICS = ['roses', 'tomatoes', 'the pear tree', 'compost', 'the lawn', 'herbs']
const topic = (turn: number): string => TOPICS[turn % TOPICS.length]!

function question(turn: number): string {
  return `Turn ${turn}: about ${topic(turn)} — what should I do this week, given the weather has been ${turn % 2 ? 'dry' : 'wet'} and the soil is ${turn % 3 ? 'clay' : 'sandy'}? Please keep what matters in your notes.`
}

function answer(turn: number): string {
  const line = `For ${topic(turn)}, this week: water at the base in the morning, mulch to keep the moisture in, check for pests under the leaves, and feed lightly if growth looks pale. `
  return `Here is the plan for turn ${turn}.\n\n` + line.repeat(5)
}

function note(turn: number): string {
  return `# ${topic(turn)} (turn ${turn})\n- Soil: ${turn % 3 ? 'clay' : 'sandy'}\n- Weather: ${turn % 2 ? 'dry' : 'wet'}\n- Plan: water mornings, mulch, check pests, feed lightly.\n`
}

/** Claude's replies for one turn: memory rounds first, then the answer. */
function turnReplies(turn: number): MessageReply[] {
  const replies: MessageReply[] = []
  if (turn === 1)
    replies.push(
      reply([text('Let me look at my notes.'), memory({ command: 'view', path: '/memories' })])
    )
  replies.push(
    reply([
      text('I will note this down.'),
      memory({ command: 'create', path: `/memories/turn-${turn}.md`, file_text: note(turn) })
    ])
  )
  if (turn % 3 === 0)
    replies.push(reply([memory({ command: 'view', path: `/memories/turn-${turn - 1}.md` })]))
  replies.push(reply(answer(turn)))
  return replies
}

interface TurnUsage extends Usage {
  requests: number
}

/** Runs the whole script once, on fresh folders and a fresh fake; the usage of each turn. */
async function runScript(promptCaching: boolean): Promise<TurnUsage[]> {
  const { chat, fake, close } = await startChatRig({ promptCaching })
  const turns: TurnUsage[] = []
  try {
    const { id } = await chat.createConversation({ model: MODEL })
    for (let turn = 1; turn <= TURNS; turn += 1) {
      const replies = turnReplies(turn)
      fake.script(...replies)
      const before = fake.messageRequests().length
      const done = new Promise<Usage>((resolve, reject) => {
        const off = chat.onEvent((event, payload) => {
          if (event === 'chat:done') {
            off()
            resolve((payload as { usage: Usage }).usage)
          } else if (event === 'chat:error') {
            off()
            reject(
              new Error(
                `turn ${turn}: ${(payload as { error: { message: string } }).error.message}`
              )
            )
          }
        })
      })
      await chat.send({ conversationId: id, text: question(turn) })
      const usage = await done
      const requests = fake.messageRequests().slice(before)
      const refused = requests.find((r) => r.rejected)
      if (refused) throw new Error(`turn ${turn}: the fake refused a request: ${refused.rejected}`)
      if (requests.length !== replies.length || fake.pending() !== 0)
        throw new Error(`turn ${turn}: ${requests.length} requests for ${replies.length} replies`)
      turns.push({ ...usage, requests: requests.length })
    }
  } finally {
    await close()
  }
  return turns
}

const promptTokens = (u: Usage): number => u.inputTokens + u.cacheCreationTokens + u.cacheReadTokens
const weighted = (u: Usage): number =>
  u.inputTokens + WRITE * u.cacheCreationTokens + READ * u.cacheReadTokens
const sum = (list: Usage[]): Usage => ({
  inputTokens: list.reduce((a, u) => a + u.inputTokens, 0),
  outputTokens: list.reduce((a, u) => a + u.outputTokens, 0),
  cacheCreationTokens: list.reduce((a, u) => a + u.cacheCreationTokens, 0),
  cacheReadTokens: list.reduce((a, u) => a + u.cacheReadTokens, 0)
})

export async function cacheProfile(): Promise<void> {
  console.log('')
  console.log(
    `cache: a scripted ${TURNS}-turn conversation with memory tool rounds (${MODEL}), through the chat service`
  )
  console.log(
    '  price weights: base input 1x, cache write 1.25x (5-minute TTL), cache read 0.1x; output left out'
  )
  const cached = await runScript(true)
  const plain = await runScript(false)
  const int = (n: number) => Math.round(n).toLocaleString('en-US')
  const cols = (values: Array<string | number>, widths: number[]) =>
    values.map((v, i) => String(v).padStart(widths[i]!)).join(' ')
  const widths = [5, 4, 9, 9, 10, 10, 11, 11, 7, 6]
  console.log(
    '  ' +
      cols(
        [
          'turn',
          'req',
          'base-rate',
          'cache-wr',
          'cache-rd',
          'prompt',
          'cost-cache',
          'cost-none',
          'ratio',
          'read%'
        ],
        widths
      )
  )
  for (const [i, u] of cached.entries()) {
    const baseline = plain[i]!
    if (promptTokens(baseline) !== promptTokens(u))
      throw new Error(`turn ${i + 1}: the two runs sent different prompts`)
    const cost = weighted(u)
    console.log(
      '  ' +
        cols(
          [
            i + 1,
            u.requests,
            int(u.inputTokens),
            int(u.cacheCreationTokens),
            int(u.cacheReadTokens),
            int(promptTokens(u)),
            int(cost),
            int(weighted(baseline)),
            `${(weighted(baseline) / cost).toFixed(1)}x`,
            `${((100 * u.cacheReadTokens) / promptTokens(u)).toFixed(0)}%`
          ],
          widths
        )
    )
  }
  const total = sum(cached)
  const totalPlain = sum(plain)
  const ratio = weighted(totalPlain) / weighted(total)
  console.log(
    '  ' +
      cols(
        [
          'total',
          cached.reduce((a, u) => a + u.requests, 0),
          int(total.inputTokens),
          int(total.cacheCreationTokens),
          int(total.cacheReadTokens),
          int(promptTokens(total)),
          int(weighted(total)),
          int(weighted(totalPlain)),
          `${ratio.toFixed(1)}x`,
          `${((100 * total.cacheReadTokens) / promptTokens(total)).toFixed(0)}%`
        ],
        widths
      )
  )
  const fromThree = sum(cached.slice(2))
  const readShare = (100 * fromThree.cacheReadTokens) / promptTokens(fromThree)
  console.log('')
  console.log(
    '  base-rate/cache-wr/cache-rd: input tokens billed at the base rate, written to and read from the'
  )
  console.log(
    "  cache (summed over the turn's requests); cost-none: the same script with caching off, same run."
  )
  console.log(
    '  Targets: >= 80% read from cache from turn 3 on, >= 4x cheaper input over the 30 turns.'
  )
  console.log(
    `cache: ${ratio.toFixed(1)}x cheaper input, ${readShare.toFixed(0)}% read from cache from turn 3`
  )
}
