import { randomBytes } from 'node:crypto'
import { errorTypeFor, type ErrorReply, type RecordedRequest } from './script'

/*
 * Message Batches as api.anthropic.com speaks them: POST /v1/messages/batches takes
 * `{ requests: [{ custom_id, params }] }` and answers a `message_batch` object (processing_status
 * `in_progress`, request_counts, expires_at 24 hours on, results_url null); GET
 * /v1/messages/batches/{id} answers it again (the SDK polls it); once `ended`, its results_url
 * names GET /v1/messages/batches/{id}/results, a .jsonl file with one
 * `{ custom_id, result: { type: succeeded | errored | canceled | expired, ... } }` line per request;
 * POST .../{id}/cancel starts a cancel. Each succeeded result is what POST /v1/messages would have
 * answered the same params (the next scripted reply, validated the same way), so a test scripts a
 * batch's answers as it scripts a chat's.
 *
 * By default a batch ends as soon as it is made. `hold()` keeps new batches `in_progress` until
 * the test calls `end(...)`: the way it ends (answered, expired, errored, canceled) is the test's.
 */

type Json = Record<string, unknown>

/** What one request of a batch came to, as a results line carries it. */
export type BatchResult =
  | { type: 'succeeded'; message: unknown }
  | {
      type: 'errored'
      error: { type: 'error'; error: { type: string; message: string }; request_id: null }
    }
  | { type: 'canceled' }
  | { type: 'expired' }

export type BatchOutcome = 'answered' | 'expired' | 'errored' | 'canceled'

export interface FakeBatches {
  /** true: new batches stay in progress until `end`; false (the default): they end at once. */
  hold(held?: boolean): void
  /** Ends a batch in progress (the newest when no id is given), as `outcome` says. */
  end(outcome?: BatchOutcome, id?: string): void
  /** Every batch made so far, oldest first, with its requests as sent. */
  list(): Array<{
    id: string
    status: string
    requests: Array<{ custom_id: string; params: Json }>
  }>
  /** Resolves once `count` batches have been made. */
  waitForBatches(count: number): Promise<void>
}

export interface BatchAnswer {
  status: number
  body?: unknown
  /** The results file: JSON lines. */
  jsonl?: string
  error?: ErrorReply
}

interface Batch {
  id: string
  requests: Array<{ custom_id: string; params: Json }>
  status: 'in_progress' | 'canceling' | 'ended'
  results: Array<{ custom_id: string; result: BatchResult }>
  createdAt: string
  endedAt: string | null
  cancelInitiatedAt: string | null
  /** The base of results_url: the address the client reached this server at. */
  base: string
}

const CUSTOM_ID = /^[a-zA-Z0-9_-]{1,64}$/
const MAX_REQUESTS = 100_000
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `answer` plays one request's params as POST /v1/messages would (the next scripted reply); it is
 * called when the batch ends, so a held batch takes the replies scripted by then.
 */
export function createFakeBatches(answer: (record: RecordedRequest, params: Json) => BatchResult) {
  const batches = new Map<string, Batch>()
  let held = false
  let waiters: Array<{ count: number; resolve: () => void }> = []

  function finish(batch: Batch, outcome: BatchOutcome): void {
    batch.results = batch.requests.map(({ custom_id, params }) => ({
      custom_id,
      result: resultFor(outcome, params)
    }))
    batch.status = 'ended'
    batch.endedAt = new Date().toISOString()
  }

  function resultFor(outcome: BatchOutcome, params: Json): BatchResult {
    switch (outcome) {
      case 'answered':
        // Played as a POST /v1/messages of these params (recorded with the batch, not apart).
        return answer(
          {
            method: 'POST',
            path: '/v1/messages',
            query: {},
            headers: {},
            betas: [],
            body: params,
            rejected: null
          },
          params
        )
      case 'errored':
        return erroredResult({ kind: 'error', status: 500, message: 'Internal server error' })
      default:
        return { type: outcome }
    }
  }

  function body(batch: Batch) {
    const count = (type: BatchResult['type']) =>
      batch.results.filter((r) => r.result.type === type).length
    return {
      id: batch.id,
      type: 'message_batch',
      processing_status: batch.status,
      request_counts: {
        processing: batch.status === 'ended' ? 0 : batch.requests.length,
        succeeded: count('succeeded'),
        errored: count('errored'),
        canceled: count('canceled'),
        expired: count('expired')
      },
      ended_at: batch.endedAt,
      created_at: batch.createdAt,
      expires_at: new Date(Date.parse(batch.createdAt) + 24 * 3600_000).toISOString(),
      archived_at: null,
      cancel_initiated_at: batch.cancelInitiatedAt,
      results_url:
        batch.status === 'ended' ? `${batch.base}/v1/messages/batches/${batch.id}/results` : null
    }
  }

  function create(raw: unknown, base: string): BatchAnswer {
    const requests = isObject(raw) ? raw.requests : undefined
    if (!Array.isArray(requests)) return invalid('requests: Field required')
    if (requests.length === 0)
      return invalid('requests: List should have at least 1 item after validation, not 0')
    if (requests.length > MAX_REQUESTS)
      return invalid(`requests: List should have at most ${MAX_REQUESTS} items after validation`)
    const seen = new Set<string>()
    for (const [i, request] of requests.entries()) {
      if (!isObject(request)) return invalid(`requests.${i}: Input should be a valid dictionary`)
      const id = request.custom_id
      if (typeof id !== 'string' || !CUSTOM_ID.test(id))
        return invalid(
          `requests.${i}.custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`
        )
      if (seen.has(id)) return invalid(`requests: custom_id '${id}' is not unique in this batch`)
      seen.add(id)
      if (!isObject(request.params)) return invalid(`requests.${i}.params: Field required`)
      if (request.params.stream === true)
        return invalid(`requests.${i}.params.stream: Streaming is not supported in batches`)
    }
    const batch: Batch = {
      id: `msgbatch_01${randomBytes(12).toString('hex')}`,
      requests: requests.map((r) => ({ custom_id: String(r.custom_id), params: r.params })),
      status: 'in_progress',
      results: [],
      createdAt: new Date().toISOString(),
      endedAt: null,
      cancelInitiatedAt: null,
      base
    }
    batches.set(batch.id, batch)
    if (!held) finish(batch, 'answered')
    const ready = waiters.filter((w) => batches.size >= w.count)
    waiters = waiters.filter((w) => batches.size < w.count)
    for (const waiter of ready) waiter.resolve()
    return { status: 200, body: body(batch) }
  }

  /** The answer to a /v1/messages/batches request, or null when it is not one. */
  function handle(record: RecordedRequest, base: string): BatchAnswer | null {
    const root = '/v1/messages/batches'
    if (record.path !== root && !record.path.startsWith(`${root}/`)) return null
    if (record.method === 'POST' && record.path === root) return create(record.body, base)
    const [id = '', action = ''] = record.path.slice(root.length + 1).split('/')
    const batch = batches.get(decodeURIComponent(id))
    if (!batch)
      return {
        status: 404,
        error: { kind: 'error', status: 404, message: `Message batch not found: ${id}` }
      }
    if (record.method === 'GET' && !action) return { status: 200, body: body(batch) }
    if (record.method === 'GET' && action === 'results') {
      if (batch.status !== 'ended')
        return invalid(
          `Message batch ${batch.id} is still ${batch.status}; its results are ready once it has ended.`
        )
      return { status: 200, jsonl: batch.results.map((r) => JSON.stringify(r)).join('\n') + '\n' }
    }
    if (record.method === 'POST' && action === 'cancel') {
      if (batch.status === 'in_progress') {
        batch.cancelInitiatedAt = new Date().toISOString()
        finish(batch, 'canceled')
      }
      return { status: 200, body: body(batch) }
    }
    return {
      status: 404,
      error: { kind: 'error', status: 404, message: `Not found: ${record.path}` }
    }
  }

  const state: FakeBatches = {
    hold: (next = true) => void (held = next),
    end(outcome = 'answered', id) {
      const open = [...batches.values()].filter((b) => b.status !== 'ended')
      const batch = id ? batches.get(id) : open.at(-1)
      if (!batch || batch.status === 'ended') throw new Error('fake-anthropic: no batch to end')
      finish(batch, outcome)
    },
    list: () =>
      [...batches.values()].map((b) => ({ id: b.id, status: b.status, requests: b.requests })),
    waitForBatches: (count) =>
      new Promise((resolve) => {
        if (batches.size >= count) resolve()
        else waiters.push({ count, resolve })
      })
  }
  return { state, handle }
}

function invalid(message: string): BatchAnswer {
  return { status: 400, error: { kind: 'error', status: 400, message } }
}

/** An API error as a batch's results line carries it (what POST /v1/messages would have sent). */
export function erroredResult(error: ErrorReply): BatchResult {
  const { status, type, message } = error
  return {
    type: 'errored',
    error: {
      type: 'error',
      error: { type: type ?? errorTypeFor(status), message: message ?? `HTTP ${status}` },
      request_id: null
    }
  }
}
