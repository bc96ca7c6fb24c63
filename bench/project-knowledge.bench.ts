// A chat in a project whose knowledge is one 20 MB PDF (issue 38): what each turn sends and what
// it costs in input tokens, with the PDF named by `file_id` (uploaded once through the Files API)
// and sent inline (an API without the Files API), each with prompt caching on (the API's default
// for Cairn's requests) and off. Through the real chat service against the fake API on 127.0.0.1.
// Run with `npm run bench:project-knowledge`. Environment: BENCH_TURNS (default 5).
//
// How tokens are counted: by the fake API (e2e/fake-anthropic/cache.ts): a PDF at 3,000 tokens a
// page (Anthropic gives 1,500-3,000 text tokens a page plus the page as an image), everything else
// as ceil(characters / 4) of its JSON; a block naming a file by `file_id` counts as that file sent
// inline (the model reads the same content). Request bytes are the bodies of the Messages
// requests as sent; the upload is counted apart (its multipart body), and where the endpoint has
// no Files API that is the one attempt it refused.
import { randomBytes } from 'node:crypto'
import { reply } from '../e2e/fake-anthropic'
import type { Usage } from '@shared/chat/chat'
import { testProjects } from '../src/main/services/chat/__tests__/projects-rig'
import { startChatRig } from './chat-rig'

const TURNS = Math.max(1, Number(process.env.BENCH_TURNS ?? 5))
const PDF_BYTES = 20_000_000

/** A 20 MB PDF of 40 pages: the page tree, then a stream of incompressible bytes. */
function bigPdf(): Buffer {
  const pages = 40
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ')
  const head = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    `2 0 obj << /Type /Pages /Kids [${kids}] /Count ${pages} >> endobj`,
    ...Array.from(
      { length: pages },
      (_, i) =>
        `${i + 4} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >> endobj`
    )
  ].join('\n')
  const tail = '\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'
  const streamHead = `\n3 0 obj << /Length ${PDF_BYTES} >> stream\n`
  const fill = PDF_BYTES - head.length - streamHead.length - tail.length
  return Buffer.concat([
    Buffer.from(head + streamHead, 'latin1'),
    randomBytes(fill),
    Buffer.from(tail, 'latin1')
  ])
}

interface Turn {
  requestBytes: number
  uploadBytes: number
  usage: Usage
}

async function run(mode: 'file_id' | 'inline', caching: boolean, pdf: Buffer): Promise<Turn[]> {
  const projects = testProjects()
  projects.add('manuals', { name: 'Manuals' })
  const rig = await startChatRig(
    { filesApi: mode === 'file_id', promptCaching: caching },
    { projects }
  )
  try {
    projects.addKnowledge('manuals', await rig.chat.attachments.addFile('manual.pdf', pdf))
    const { id } = await rig.chat.createConversation({ project: 'manuals' })
    const usages = new Map<string, Usage>()
    rig.chat.onEvent((event, payload) => {
      if (event === 'chat:done') {
        const done = payload as { turnId: string; usage: Usage }
        usages.set(done.turnId, done.usage)
      }
    })
    const turns: Turn[] = []
    let seen = { messages: 0, files: 0 }
    for (let turn = 1; turn <= TURNS; turn += 1) {
      rig.fake.script(reply(`Answer ${turn}: see page ${turn} of the manual.`))
      const sent = await rig.chat.send({
        conversationId: id,
        text: `Question ${turn}: what does page ${turn} of the manual say?`
      })
      await rig.chat.idle(id)
      const usage = usages.get(sent.turnId)
      if (!usage) throw new Error(`turn ${turn} did not complete`)
      const messages = rig.fake.messageRequests().slice(seen.messages)
      const files = rig.fake.fileRequests().slice(seen.files)
      seen = { messages: seen.messages + messages.length, files: seen.files + files.length }
      turns.push({
        requestBytes: messages.reduce((sum, r) => sum + bodyBytes(r), 0),
        uploadBytes: files.reduce((sum, r) => sum + bodyBytes(r), 0),
        usage
      })
    }
    return turns
  } finally {
    await rig.close()
  }
}

function bodyBytes(request: { headers: Record<string, string>; body: unknown }): number {
  const length = Number(request.headers['content-length'])
  if (Number.isFinite(length) && length > 0) return length
  const body = request.body as { multipartBytes?: number } | null
  if (body && typeof body.multipartBytes === 'number') return body.multipartBytes
  return Buffer.byteLength(JSON.stringify(request.body))
}

const mb = (bytes: number): string => `${(bytes / 1_000_000).toFixed(2)} MB`
const kb = (bytes: number): string =>
  bytes >= 1_000_000 ? mb(bytes) : `${(bytes / 1000).toFixed(1)} kB`
const n = (value: number): string => value.toLocaleString('en-US')

function print(label: string, turns: Turn[]): void {
  console.log(`\n${label}`)
  console.log(
    'turn  request      upload      input     cache write  cache read   input billed (1x / 1.25x / 0.1x)'
  )
  let totalBytes = 0
  let totalBilled = 0
  turns.forEach((t, i) => {
    const u = t.usage
    const billed = u.inputTokens + 1.25 * u.cacheCreationTokens + 0.1 * u.cacheReadTokens
    totalBytes += t.requestBytes + t.uploadBytes
    totalBilled += billed
    console.log(
      [
        String(i + 1).padEnd(5),
        kb(t.requestBytes).padStart(10),
        (t.uploadBytes ? kb(t.uploadBytes) : '-').padStart(10),
        n(u.inputTokens).padStart(10),
        n(u.cacheCreationTokens).padStart(12),
        n(u.cacheReadTokens).padStart(12),
        n(Math.round(billed)).padStart(14)
      ].join('  ')
    )
  })
  console.log(
    `total sent ${mb(totalBytes)} over ${turns.length} turns; input billed ${n(Math.round(totalBilled))} token-equivalents`
  )
}

const pdf = bigPdf()
console.log(
  `A chat in a project with one ${mb(pdf.length)} knowledge PDF, ${TURNS} turns (one request each).`
)
console.log(
  'Tokens as the fake API counts them: a PDF at 3,000 tokens a page (40 pages here), other blocks ceil(characters / 4) of their JSON; a file_id block counts as its file inline (the model reads the same content).'
)
console.log(
  'Upload: the multipart POST /v1/files; with "inline" it is the one attempt the endpoint (no Files API) refused.'
)
for (const caching of [true, false]) {
  for (const mode of ['file_id', 'inline'] as const) {
    const turns = await run(mode, caching, pdf)
    print(`${mode}, prompt caching ${caching ? 'on' : 'off'}`, turns)
  }
}
