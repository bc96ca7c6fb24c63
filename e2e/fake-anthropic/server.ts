import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { ErrorReply, MessageReply, RecordedRequest, Reply } from './script'
import { formatSse, messageBody, messageId, streamEvents } from './sse'
import { createPromptCache } from './cache'
import { createPlayer } from './play'
import { createMemoryStoresFake, type MemoryStoresFake } from './memory-stores'
import { DEFAULT_MODELS, modelInfo, modelPage, type FakeModel } from './models'
import { closedPromise, delay, drained, readBody, requestId, sendError, sendJson } from './http'
import { createTitleDesk, isTitleRequest } from './titles'
import { createFakeFiles, type FakeFiles } from './files'
import { createFakeBatches, erroredResult, type FakeBatches } from './batches'

export { DEFAULT_MODELS, type FakeModel }

/*
 * A stand-in for api.anthropic.com on 127.0.0.1, speaking the real wire protocol: the SDK is
 * pointed at it with `baseURL`. It plays scripted replies in order and records every request.
 * Cairn's chat-title requests are answered and recorded apart (titles.ts).
 */

export interface FakeAnthropicOptions {
  /** When set, only this key is accepted; otherwise any non-empty key is. */
  apiKey?: string
  models?: FakeModel[]
  /** What POST /v1/messages answers when nothing is scripted (default: a 500 saying so). */
  fallback?: Reply
  /** The prompt cache's clock, in ms since the epoch (default Date.now). */
  now?: () => number
  /** false: the API without prompt caching (every input token at the base rate). Default true. */
  promptCaching?: boolean
  /** false: an endpoint without the Files API (every /v1/files call answers 404). Default true. */
  filesApi?: boolean
}

export interface FakeAnthropic {
  /** The base URL to give the SDK (`http://127.0.0.1:<port>`). */
  readonly url: string
  /** Every request, in arrival order, title requests aside. */
  readonly requests: RecordedRequest[]
  /** Cairn's requests for a chat title (never in `requests`, never from the `script` queue). */
  titleRequests(): RecordedRequest[]
  /** Answers for the next title requests; with none left, the chat's first words are the title. */
  scriptTitles(...replies: Reply[]): void
  /** Only the POST /v1/messages requests. */
  messageRequests(): RecordedRequest[]
  /** Queues replies for the next POST /v1/messages calls, in order. */
  script(...replies: Reply[]): void
  /** Replies not yet used. */
  pending(): number
  /** The next GET /v1/models calls answer these errors, in order. */
  scriptModels(...replies: ErrorReply[]): void
  setModels(models: FakeModel[]): void
  /** Anthropic Memory Stores (beta): state, faults and offline periods for sync tests. */
  readonly memoryStores: MemoryStoresFake
  /** Requests under /v1/memory_stores so far, in arrival order (the tests count them). */
  memoryStoreRequests(): RecordedRequest[]
  /** The Files API: what is stored, expiry, and whether this endpoint has it (files.ts). */
  readonly files: FakeFiles
  /** Requests under /v1/files so far, in arrival order. */
  fileRequests(): RecordedRequest[]
  /** Message Batches: made, held, ended on the test's word (batches.ts). */
  readonly batches: FakeBatches
  /** Resolves when the server has received `count` message requests. */
  waitForMessageRequests(count: number): Promise<RecordedRequest[]>
  /** Resolves when a streamed response is closed by the client before it ended. */
  waitForClientAbort(): Promise<void>
  close(): Promise<void>
}

const NO_SCRIPT: ErrorReply = {
  kind: 'error',
  status: 500,
  type: 'api_error',
  message: 'fake-anthropic: no scripted reply left for this request'
}

export async function startFakeAnthropic(
  options: FakeAnthropicOptions = {}
): Promise<FakeAnthropic> {
  const requests: RecordedRequest[] = []
  const queue: Reply[] = []
  const modelQueue: ErrorReply[] = []
  let models = options.models ?? DEFAULT_MODELS
  const files = createFakeFiles({ available: options.filesApi })
  const promptCache = createPromptCache({
    now: options.now,
    enabled: options.promptCaching,
    readAs: files.inlineOf
  })
  const sockets = new Set<Socket>()
  const waiters: Array<{ count: number; resolve: (r: RecordedRequest[]) => void }> = []
  let abortWaiters: Array<() => void> = []
  let aborts = 0
  let consumedAborts = 0

  const messageRequests = () => requests.filter((r) => r.path === '/v1/messages')
  // A batch's request is played as POST /v1/messages would play it, when the batch ends.
  const batches = createFakeBatches((record, params) => {
    const played = play(record, params, false, JSON.stringify(params))
    return 'reply' in played
      ? { type: 'succeeded', message: messageBody(played.reply, played.model, messageId()) }
      : erroredResult(played.error)
  })
  const memoryStores = createMemoryStoresFake()
  const titles = createTitleDesk()
  // What POST /v1/messages answers a body (play.ts): a batch's requests are played the same way.
  const play = createPlayer({
    files,
    titles: { next: (record) => titles.next(record) },
    nextScripted: () => queue.shift() ?? options.fallback ?? NO_SCRIPT,
    models: () => models,
    promptCache
  })
  const notify = (): void => {
    const count = messageRequests().length
    for (const waiter of [...waiters]) {
      if (count >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(messageRequests())
      }
    }
  }
  const noteAbort = (): void => {
    aborts += 1
    const ready = abortWaiters
    abortWaiters = []
    for (const resolve of ready) {
      consumedAborts += 1
      resolve()
    }
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, { kind: 'error', status: 500, message: String(error) })
      else res.destroy()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const bytes = await readBody(req)
    const multipart = /^multipart\//i.test(req.headers['content-type'] ?? '')
    // A multipart upload is recorded by its size, not its bytes.
    const raw = multipart ? '' : bytes.toString('utf8')
    let body: unknown = multipart ? { multipartBytes: bytes.length } : null
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw)
      } catch {
        body = raw
      }
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(', ') : (value ?? '')
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      betas: (headers['anthropic-beta'] ?? '')
        .split(',')
        .map((beta) => beta.trim())
        .filter(Boolean),
      body,
      rejected: null
    }
    const titled = record.path === '/v1/messages' && isTitleRequest(body)
    if (titled) titles.requests.push(record)
    else {
      requests.push(record)
      notify()
    }

    // This SDK sends the key as a bearer token; older clients use x-api-key. Both are accepted.
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1]
    const key = headers['x-api-key'] || bearer
    if (!key || (options.apiKey !== undefined && key !== options.apiKey))
      return sendError(res, { kind: 'error', status: 401 })

    if (record.method === 'GET' && record.path === '/v1/models')
      return answerModels(record, res, [
        ...url.searchParams.getAll('lifecycle'),
        ...url.searchParams.getAll('lifecycle[]')
      ])
    if (record.method === 'GET' && record.path.startsWith('/v1/models/'))
      return answerModel(decodeURIComponent(record.path.slice('/v1/models/'.length)), res)
    const filed = files.handle(record, bytes)
    if (filed) {
      if (filed.error) return sendError(res, filed.error)
      return sendJson(res, filed.status, filed.body)
    }
    const batched = batches.handle(record, `http://${headers.host ?? '127.0.0.1'}`)
    if (batched) {
      if (batched.error) return sendError(res, batched.error)
      if (batched.jsonl === undefined) return sendJson(res, batched.status, batched.body)
      res.writeHead(200, { 'content-type': 'application/binary', 'request-id': requestId() })
      return void res.end(batched.jsonl)
    }
    const stored = memoryStores.handle(record, key)
    if (stored) {
      if ('kind' in stored) return sendError(res, stored)
      // A hostile store's request that never answers: open until the client leaves.
      if ('hold' in stored) return closedPromise(res)
      if ('error' in stored)
        return sendJson(res, stored.status, {
          type: 'error',
          error: stored.error,
          request_id: requestId()
        })
      return sendJson(res, stored.status, stored.body)
    }
    // Token counting (what Tidy's estimate asks): characters / 4, as the prompt cache counts.
    if (record.method === 'POST' && record.path === '/v1/messages/count_tokens') {
      const asked = (body as { model?: unknown } | null)?.model
      if (!models.some((m) => m.id === asked && m.lifecycle !== 'retired'))
        return sendError(res, { kind: 'error', status: 404, message: `model: ${String(asked)}` })
      const { system, tools, messages } = body as Record<string, unknown>
      const counted = JSON.stringify({ system, tools, messages }).length
      return sendJson(res, 200, { input_tokens: Math.ceil(counted / 4) })
    }
    if (record.method === 'POST' && record.path === '/v1/messages') {
      const played = play(record, body, titled, raw)
      if ('error' in played) return sendError(res, played.error)
      const { reply, model } = played
      if ((body as { stream?: unknown }).stream === true) return stream(reply, model, req, res)
      // Not streamed: a held reply answers once the gate opens (or never, if the client left).
      if (reply.fault?.kind === 'hold')
        await Promise.race([reply.fault.gate.promise, closedPromise(res)])
      if (res.destroyed) return
      return sendJson(res, 200, messageBody(reply, model, messageId()))
    }
    sendError(res, { kind: 'error', status: 404, message: `Not found: ${record.path}` })
  }

  function answerModels(record: RecordedRequest, res: ServerResponse, asked: string[]): void {
    const scripted = modelQueue.shift()
    if (scripted) return sendError(res, scripted)
    sendJson(res, 200, modelPage(models, record.query, asked))
  }

  function answerModel(id: string, res: ServerResponse): void {
    const scripted = modelQueue.shift()
    if (scripted) return sendError(res, scripted)
    const model = models.find((m) => m.id === id)
    if (!model) return sendError(res, { kind: 'error', status: 404, message: `model: ${id}` })
    sendJson(res, 200, modelInfo(model))
  }

  async function stream(
    reply: MessageReply,
    model: string,
    req: IncomingMessage,
    res: ServerResponse
  ): Promise<void> {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'request-id': requestId()
    })
    let closed = false
    res.on('close', () => {
      if (!res.writableFinished) {
        closed = true
        noteAbort()
      }
    })
    const fault = reply.fault
    let deltas = 0
    if (reply.firstEventDelayMs) await delay(reply.firstEventDelayMs)
    // Paced on a fixed schedule, like a server that produces tokens at its own rate: a slow
    // reader gets a burst of what is due, it does not slow the producer down.
    const paceFrom = performance.now()
    let sent = 0
    for (const event of streamEvents(reply, model, messageId())) {
      if (closed) return
      if (fault && event.isDelta && deltas === fault.afterDeltas) {
        if (fault.gate) await Promise.race([fault.gate.promise, closedPromise(res)])
        if (closed) return
        switch (fault.kind) {
          case 'cut': {
            // Whatever was written still arrives; then the connection closes mid-response.
            const socket = res.socket
            socket?.end(() => socket.destroy())
            return
          }
          case 'end':
            res.end()
            return
          case 'malformed':
            res.write(
              'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{\n\n'
            )
            res.end()
            return
          case 'error-event':
            res.write(
              `event: error\ndata: ${JSON.stringify({
                type: 'error',
                error: {
                  type: fault.type ?? 'overloaded_error',
                  message: fault.message ?? 'Overloaded'
                }
              })}\n\n`
            )
            res.end()
            return
          case 'hold':
            break
        }
      }
      if (event.isDelta) deltas += 1
      if (!res.write(formatSse(event))) await drained(res)
      sent += 1
      if (reply.eventDelayMs) {
        const due = paceFrom + sent * reply.eventDelayMs - performance.now()
        if (due > 0) await delay(due)
      }
    }
    res.end()
    void req
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    titleRequests: () => [...titles.requests],
    scriptTitles: titles.script,
    messageRequests,
    memoryStores,
    memoryStoreRequests: () => requests.filter((r) => r.path.startsWith('/v1/memory_stores')),
    files: files.state,
    fileRequests: () => requests.filter((r) => r.path.startsWith('/v1/files')),
    batches: batches.state,
    script: (...replies) => void queue.push(...replies),
    pending: () => queue.length,
    scriptModels: (...replies) => void modelQueue.push(...replies),
    setModels: (next) => void (models = next),
    waitForMessageRequests: (count) =>
      new Promise((resolve) => {
        waiters.push({ count, resolve })
        notify()
      }),
    waitForClientAbort: () =>
      new Promise((resolve) => {
        if (aborts > consumedAborts) {
          consumedAborts += 1
          resolve()
        } else abortWaiters.push(resolve)
      }),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}
