import type { PromptCache } from './cache'
import { signReply } from './binding'
import type { createFakeFiles } from './files'
import type { FakeModel } from './models'
import type { ErrorReply, MessageReply, RecordedRequest, Reply, ReplySpec } from './script'
import { withIds } from './sse'
import { playToolSearches } from './tool-search'
import { validateMessagesRequest } from './validate'

// How the fake answers one Messages request body, whether it came to POST /v1/messages or in a
// Message Batch: files checked, the next scripted reply, the model's lifecycle and rules, the
// reply signed and its usage counted by the prompt cache.

export interface PlayerDeps {
  files: Pick<ReturnType<typeof createFakeFiles>, 'checkMessages'>
  titles: { next(record: RecordedRequest): Reply }
  /** The next scripted reply (or the fallback, or the "nothing scripted" error). */
  nextScripted(): Reply
  models(): FakeModel[]
  promptCache: Pick<PromptCache, 'account'>
}

export function createPlayer(deps: PlayerDeps) {
  /**
   * What POST /v1/messages answers this body (a batch request's params too): the next scripted
   * reply, signed and counted, or the error the API would send first.
   */
  return function play(
    record: RecordedRequest,
    body: unknown,
    titled: boolean,
    raw: string
  ): { error: ErrorReply } | { reply: MessageReply; model: string } {
    // Refused before any model sees it: the scripted reply waits for the next request.
    const unfiled = deps.files.checkMessages(body, record.betas)
    if (unfiled?.error) {
      record.rejected = unfiled.error.message ?? 'file refused'
      return { error: unfiled.error }
    }
    const next = titled ? deps.titles.next(record) : deps.nextScripted()
    const spec: ReplySpec = typeof next === 'function' ? next(record) : next
    if (spec.kind === 'error') return { error: spec }
    const listed = deps.models().find((m) => m.id === (body as { model?: unknown } | null)?.model)
    if (listed?.lifecycle === 'retired') {
      record.rejected = `model: ${listed.id} is retired`
      return {
        error: {
          kind: 'error',
          status: 404,
          message: `model: ${listed.id} was retired on ${(listed.retires_at ?? '').slice(0, 10)} and no longer accepts requests.`
        }
      }
    }
    const invalid = validateMessagesRequest(body, listed)
    if (invalid) {
      record.rejected = invalid
      return { error: { kind: 'error', status: 400, message: invalid } }
    }
    const model = (body as { model: string }).model
    const config = (body as { thinking?: { display?: unknown } }).thinking
    const display =
      config?.display === 'omitted' || config?.display === 'summarized'
        ? config.display
        : (listed?.defaultDisplay ?? 'summarized')
    const played = playToolSearches(spec, body as Record<string, unknown>)
    const reply = signReply(withIds(played), spec.model ?? model, body as Record<string, unknown>, {
      binds: listed?.bindsThinking === true,
      display
    })
    // Usage as the API counts it from this request; figures a test scripted win. A title
    // request leaves the prompt cache as the chat's requests left it.
    const input = titled
      ? {
          input_tokens: Math.ceil(raw.length / 4),
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0
        }
      : deps.promptCache.account(body)
    reply.usage = { ...input, ...spec.usage }
    return { reply, model }
  }
}
