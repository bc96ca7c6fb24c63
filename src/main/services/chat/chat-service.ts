import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import type Anthropic from '@anthropic-ai/sdk'
import {
  CONVERSATION_VERSION,
  type Conversation,
  type ConversationOptions,
  type ConversationProblem,
  type ConversationSummary,
  type KeyTestResult,
  type ModelList,
  type ModelOption,
  type UserMessage
} from '@shared/chat'
import { CairnError } from '@shared/errors'
import { isUnfinishedReply, lastSpoken } from '@shared/retry-target'
import type { Settings } from '@shared/settings'
import type { SendAttachment } from '@shared/attachments'
import type { Logger } from '../log/logger'
import type { AnswerApprovalInput, PendingApproval } from '@shared/approval'
import { createAnthropicClient, type AnthropicOptions } from './anthropic'
import { ApprovalDesk } from './approvals'
import { createAttachmentService, type AttachmentService, type PickFiles } from './attachments'
import { createConversationStore } from './conversation-store'
import { saveFailure } from './faults'
import {
  DEFAULT_TITLE,
  hasUserText,
  listOrder,
  matchConversation,
  summaryOf,
  type SearchHit,
  titleFrom
} from './conversations'
import { DEFAULT_COALESCE_MS } from './coalescer'
import { conversationToMarkdown, exportFileName } from './export-markdown'
import { writeFileDurably } from '../fs/durable'
import { noteUndone } from './frame/undone-note'
import { applyOptions, memoryFor, optionsOf } from './conversation-options'
import { testApiKey } from './key-test'
import { createMessageActions, type MessageActionsService } from './message-actions'
import { createModelCatalog, unreadableAttachment } from './models'
import { newChatModel } from './new-chat-model'
import { DEFAULT_RETRY, realWait, type RetryPolicy, type Wait } from './retry'
import { thinkingSettingProblem } from './thinking/thinking-setting'
import { annotateMessage, restartThinking } from './frame/request-frame'
import { Turn, type TurnEnd } from './turn'
import type { ChatEmit, ChatEventName, MemoryToolRunner } from './types'
import { costSummary } from '@shared/cost-summary'
import type { CostSummary } from '@shared/cost'

export interface ChatServiceOptions {
  /** User data: conversations/ and the model cache live here. */
  dir: string
  settings: { get(): { settings: Settings } }
  secrets: { getApiKey(): Promise<string | null> }
  memory: MemoryToolRunner
  logger: Logger
  anthropic?: AnthropicOptions
  clock?: () => Date
  /** Injectable so tests wait out `retry-after` without real time passing. */
  wait?: Wait
  retry?: Partial<RetryPolicy>
  coalesceMs?: number
  /** The OS save dialog (main's dialog.showSaveDialog): the chosen path, or null if cancelled. */
  chooseSavePath?: ChooseSavePath
  /** The OS open dialog for attachments (main's dialog); without it, the file button answers an error. */
  pickFiles?: PickFiles | undefined
}

export type ChooseSavePath = (options: {
  title: string
  defaultName: string
  filters: { name: string; extensions: string[] }[]
}) => Promise<string | null>

export interface ChatService extends MessageActionsService {
  listConversations(): Promise<{
    conversations: ConversationSummary[]
    problems: ConversationProblem[]
  }>
  searchConversations(input: { query: string }): Promise<{ conversations: ConversationSummary[] }>
  getConversation(input: { conversationId: string }): Promise<{
    conversation: Conversation
    running: boolean
  }>
  createConversation(input?: {
    model?: string | undefined
    memory?: 'on' | 'off' | undefined
  }): Promise<Conversation>
  renameConversation(input: { conversationId: string; title: string }): Promise<ConversationSummary>
  deleteConversation(input: { conversationId: string }): Promise<{ conversationId: string }>
  setModel(input: { conversationId: string; model: string }): Promise<ConversationSummary>
  /** A chat's own instructions (null: Settings' again) and its memory switch. */
  updateConversation(input: {
    conversationId: string
    instructions?: string | null | undefined
    memory?: 'on' | 'off' | undefined
    webSearch?: boolean | undefined
    webFetch?: boolean | undefined
  }): Promise<ConversationOptions>
  /** Thinking and effort for this conversation; refused where the model does not take them. */
  setThinking(input: {
    conversationId: string
    thinking: NonNullable<Conversation['thinking']>
  }): Promise<ConversationSummary>
  /** Saves the message, starts the reply, and answers at once; the reply arrives as events. */
  send(input: {
    conversationId: string
    text: string
    attachments?: SendAttachment[] | undefined
  }): Promise<{ turnId: string; message: UserMessage; conversation: ConversationSummary }>
  /** Stops the running reply and resolves once what was shown is saved. */
  stop(input: { conversationId: string }): Promise<{ stopped: boolean }>
  /** Asks again after a fault or a stop: the unfinished reply is replaced. */
  retry(input: { conversationId: string }): Promise<{ turnId: string }>
  setPinned(input: { conversationId: string; pinned: boolean }): Promise<ConversationSummary>
  /** Markdown to where the user chooses in the save dialog; `saved: false` when they cancel. */
  exportConversation(input: {
    conversationId: string
  }): Promise<{ saved: boolean; fileName: string | null }>
  listModels(input?: { refresh?: boolean | undefined }): Promise<ModelList>
  /** What the API says of one model, listed or not; null when nothing can be learned. */
  describeModel(model: string): Promise<ModelOption | null>
  /** What the saved replies of the last 30 days cost (cost-summary.ts). */
  costSummary(): Promise<CostSummary>
  testKey(input?: { apiKey?: string | undefined }): Promise<KeyTestResult>
  /** Memory writes of Claude's waiting for the user's answer (write approval). */
  listApprovals(input?: { conversationId?: string | undefined }): { approvals: PendingApproval[] }
  answerApproval(input: AnswerApprovalInput): { status: 'answered' | 'gone' }
  /** Files for the composer: added once, stored content-addressed, named by messages. */
  attachments: Pick<AttachmentService, 'add' | 'pick' | 'preview'>
  onEvent(listener: ChatEmit): () => void
  /** Resolves when no reply is running (in this conversation, or at all). */
  idle(conversationId?: string): Promise<void>
  /** Whether any reply is running now (an update's restart waits until none is). */
  busy(): boolean
  dispose(): Promise<void>
}

export function createChatService(options: ChatServiceOptions): ChatService {
  const clock = options.clock ?? (() => new Date())
  const logger = options.logger
  const store = createConversationStore({ dir: options.dir, logger, clock })
  const listeners = new Set<ChatEmit>()
  const running = new Map<string, { turn: Turn; done: Promise<void> }>()
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry }
  let disposed = false
  const attachments = createAttachmentService({
    dir: options.dir,
    logger,
    pickFiles: options.pickFiles
  })
  // Files added to a composer but never sent are dropped on the next start (only older ones:
  // a file added while the sweep runs is kept).
  const startedAt = Date.now()
  void store
    .ready()
    .then(() => attachments.sweep(store.all(), startedAt))
    .catch((error: unknown) => logger.warn('unsent attachments not swept', { error }))

  const emit: ChatEmit = (event, payload) => {
    for (const listener of listeners) {
      try {
        listener(event, payload)
      } catch (error) {
        logger.error('chat listener failed', { event, error })
      }
    }
  }

  // One client per key: building one per turn costs time on every message.
  let cached: { key: string; client: Anthropic } | null = null
  async function client(apiKey?: string): Promise<Anthropic | null> {
    const key = apiKey ?? (await options.secrets.getApiKey())
    if (!key) {
      cached = null // a cleared key leaves no client holding it
      return null
    }
    if (cached?.key !== key)
      cached = { key, client: createAnthropicClient(key, options.anthropic ?? {}, logger) }
    return cached.client
  }

  const approvals = new ApprovalDesk({
    mode: () => options.settings.get().settings.memoryWriteApproval,
    emit,
    clock
  })

  const models = createModelCatalog({ dir: options.dir, client: () => client(), logger, clock })

  async function find(id: string): Promise<Conversation> {
    await store.ready()
    const conversation = store.get(id)
    if (!conversation)
      throw new CairnError(
        'CHAT_NOT_FOUND',
        'That conversation no longer exists. It may have been deleted; pick another one from the list.'
      )
    return conversation
  }

  const summary = (conversation: Conversation, hit: SearchHit | null = null) =>
    summaryOf(conversation, running.has(conversation.id), hit)

  async function saveOrThrow(conversation: Conversation): Promise<void> {
    try {
      await store.save(conversation)
    } catch (error) {
      logger.error('conversation not saved', { error })
      const { reason, nextStep } = saveFailure(error, 'try again')
      throw new CairnError(
        'CHAT_WRITE_FAILED',
        `The conversation could not be saved (${reason}). ${nextStep}`
      )
    }
  }

  function ensureIdle(conversationId: string): void {
    if (disposed) throw new CairnError('CHAT_BUSY', 'Cairn is shutting down.')
    if (running.has(conversationId))
      throw new CairnError(
        'CHAT_BUSY',
        'Claude is still answering in this conversation. Wait for it, or press Stop first.'
      )
  }

  function start(conversation: Conversation, ready?: Promise<boolean>): Turn {
    const turn = new Turn({
      ...(ready ? { ready } : {}),
      conversation,
      settings: options.settings.get().settings,
      client: () => client(),
      memory: memoryFor(conversation, options.memory),
      emit,
      save: (c) => store.save(c),
      clock,
      wait: options.wait ?? realWait,
      retry,
      coalesceMs: options.coalesceMs ?? DEFAULT_COALESCE_MS,
      logger,
      approvals,
      attachments,
      describeModel: (model) => models.describe(model)
    })
    const done = turn.run().then((end) => finish(turn, conversation, end))
    running.set(conversation.id, { turn, done })
    return turn
  }

  function finish(turn: Turn, conversation: Conversation, end: TurnEnd): void {
    running.delete(conversation.id)
    if (end.kind === 'cancelled') return
    const base = {
      conversationId: conversation.id,
      turnId: turn.id,
      conversation: summary(conversation)
    }
    if (end.kind === 'done')
      emit('chat:done', {
        ...base,
        status: end.status,
        stopReason: end.stopReason,
        usage: end.usage
      })
    else emit('chat:error', { ...base, error: end.fault, partialKept: end.partialKept })
  }

  const annotate = (conversation: Conversation, message: UserMessage) =>
    annotateMessage(conversation, message, options.settings.get().settings)

  const messageActions = createMessageActions({
    find,
    ensureIdle,
    save: saveOrThrow,
    start: (conversation) => start(conversation).id,
    clock,
    annotate
  })

  return {
    async listConversations() {
      await store.ready()
      return {
        conversations: store
          .all()
          .sort(listOrder)
          .map((c) => summary(c)),
        problems: store.problems()
      }
    },
    async costSummary() {
      await store.ready()
      return costSummary(store.all(), clock())
    },
    async searchConversations({ query }) {
      await store.ready()
      const conversations: ConversationSummary[] = []
      for (const conversation of store.all().sort(listOrder)) {
        const hit = matchConversation(conversation, query.trim())
        if (hit !== null) conversations.push(summary(conversation, hit))
      }
      return { conversations }
    },
    async getConversation({ conversationId }) {
      const conversation = await find(conversationId)
      return { conversation, running: running.has(conversationId) }
    },
    async createConversation(input) {
      await store.ready()
      const settings = options.settings.get().settings
      const model = input?.model ?? (await newChatModel(settings.model, models))
      const now = clock().toISOString()
      const conversation: Conversation = {
        version: CONVERSATION_VERSION,
        id: randomUUID(),
        title: DEFAULT_TITLE,
        titleSource: 'auto',
        model,
        createdAt: now,
        updatedAt: now,
        messages: [],
        ...((input?.memory ?? settings.newChatMemory) === 'off' ? { memory: 'off' as const } : {})
      }
      await saveOrThrow(conversation)
      return conversation
    },
    async renameConversation({ conversationId, title }) {
      const conversation = await find(conversationId)
      const before = { title: conversation.title, titleSource: conversation.titleSource }
      conversation.title = title.trim()
      conversation.titleSource = 'user'
      try {
        await saveOrThrow(conversation)
      } catch (error) {
        Object.assign(conversation, before)
        throw error
      }
      return summary(conversation)
    },
    async deleteConversation({ conversationId }) {
      const removed = await find(conversationId)
      const active = running.get(conversationId)
      if (active) {
        active.turn.stop()
        await active.done
      }
      await store.remove(conversationId)
      await attachments
        .release(removed, store.all())
        .catch((error: unknown) => logger.warn('attachments not removed', { error }))
      return { conversationId }
    },
    async setPinned({ conversationId, pinned }) {
      const conversation = await find(conversationId)
      const before = conversation.pinned
      conversation.pinned = pinned
      try {
        await saveOrThrow(conversation)
      } catch (error) {
        conversation.pinned = before
        throw error
      }
      return summary(conversation)
    },
    async exportConversation({ conversationId }) {
      const conversation = await find(conversationId)
      const markdown = conversationToMarkdown(conversation, clock())
      if (!options.chooseSavePath)
        throw new CairnError('EXPORT_FAILED', 'Saving files is not available in this window.')
      const path = await options.chooseSavePath({
        title: 'Export conversation',
        defaultName: exportFileName(conversation),
        filters: [{ name: 'Markdown', extensions: ['md'] }]
      })
      if (!path) return { saved: false, fileName: null }
      try {
        await writeFileDurably(path, markdown)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'write error'
        logger.warn('export not written', { code })
        throw new CairnError(
          'EXPORT_FAILED',
          `The conversation could not be saved there (${code}). Choose a folder you can write to, such as Documents, and export again.`
        )
      }
      return { saved: true, fileName: basename(path) }
    },
    async setModel({ conversationId, model }) {
      const conversation = await find(conversationId)
      ensureIdle(conversationId)
      const before = { model: conversation.model, frame: structuredClone(conversation.frame) }
      const next = model.trim()
      // Another model reads none of the thinking so far: it is sent only from now on.
      if (next !== before.model) restartThinking(conversation, clock().toISOString())
      conversation.model = next
      try {
        await saveOrThrow(conversation)
      } catch (error) {
        conversation.model = before.model
        if (before.frame) conversation.frame = before.frame
        throw error
      }
      return summary(conversation)
    },
    async updateConversation({ conversationId, ...update }) {
      const conversation = await find(conversationId)
      ensureIdle(conversationId)
      const undo = applyOptions(conversation, update)
      try {
        await saveOrThrow(conversation)
      } catch (error) {
        undo()
        throw error
      }
      return optionsOf(conversation)
    },
    async setThinking({ conversationId, thinking }) {
      const conversation = await find(conversationId)
      ensureIdle(conversationId)
      const { maxTokens } = options.settings.get().settings
      const described = await models.describe(conversation.model)
      const problem = thinkingSettingProblem(conversation.model, described, thinking, maxTokens)
      if (problem) throw new CairnError('BAD_INPUT', problem)
      const before = conversation.thinking
      conversation.thinking = { ...thinking }
      try {
        await saveOrThrow(conversation)
      } catch (error) {
        if (before) conversation.thinking = before
        else delete conversation.thinking
        throw error
      }
      return summary(conversation)
    },
    async send({ conversationId, text, attachments: files = [] }) {
      const conversation = await find(conversationId)
      ensureIdle(conversationId)
      const attached = await attachments.blocksForSend(files, conversation, text)
      const unread = unreadableAttachment(attached, await models.describe(conversation.model))
      if (unread) throw new CairnError('BAD_INPUT', unread)
      const now = clock().toISOString()
      const message: UserMessage = {
        id: randomUUID(),
        role: 'user',
        createdAt: now,
        // Files before the words: the API's advice for images and documents.
        content: [...attached, ...(text.trim() ? [{ type: 'text' as const, text }] : [])]
      }
      const before = { title: conversation.title, updatedAt: conversation.updatedAt }
      if (conversation.titleSource === 'auto' && !hasUserText(conversation))
        conversation.title = titleFrom(text.trim() ? text : (attached[0]?.name ?? ''))
      const unnoteFrame = annotate(conversation, message)
      const unnoteUndone = await noteUndone(
        conversation,
        message,
        memoryFor(conversation, options.memory)
      )
      const unnote = () => {
        unnoteUndone()
        unnoteFrame()
      }
      conversation.messages.push(message)
      conversation.updatedAt = now
      // The request goes out while the message is written (the fsync hides behind the network);
      // the reply shows nothing and saves nothing until the message is on disk, so a fault can
      // never lose it. A turn's events may therefore arrive just before this call answers.
      const saving = saveOrThrow(conversation)
      const turn = start(
        conversation,
        saving.then(
          () => true,
          () => false
        )
      )
      try {
        await saving
      } catch (error) {
        await running.get(conversationId)?.done
        conversation.messages = conversation.messages.filter((m) => m !== message)
        Object.assign(conversation, before)
        unnote()
        throw error
      }
      return { turnId: turn.id, message, conversation: summary(conversation) }
    },
    async stop({ conversationId }) {
      const active = running.get(conversationId)
      if (!active) return { stopped: false }
      active.turn.stop()
      await active.done
      return { stopped: true }
    },
    async retry({ conversationId }) {
      const conversation = await find(conversationId)
      ensureIdle(conversationId)
      const messages = conversation.messages
      const tail = lastSpoken(messages)
      const unfinished = isUnfinishedReply(tail)
      if (!tail || (tail.role === 'assistant' && !unfinished))
        throw new CairnError(
          'CHAT_NOTHING_TO_RETRY',
          'There is nothing to retry: the last reply is complete. Send a new message instead.'
        )
      if (unfinished) {
        // The unfinished reply is replaced by the new one.
        conversation.messages = messages.filter((m) => m !== tail)
        await saveOrThrow(conversation)
      }
      const turn = start(conversation)
      return { turnId: turn.id }
    },
    ...messageActions,
    async listModels(input) {
      return models.list({
        refresh: input?.refresh ?? false,
        configured: options.settings.get().settings.model
      })
    },
    describeModel: (model) => models.describe(model),
    async testKey(input) {
      const key = input?.apiKey ?? (await options.secrets.getApiKey())
      if (key) logger.redact(key)
      return testApiKey(key ? await client(key) : null)
    },
    listApprovals(input) {
      return { approvals: approvals.list(input?.conversationId) }
    },
    answerApproval(input) {
      return approvals.answer(input)
    },
    attachments,
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async idle(conversationId) {
      for (;;) {
        const pending = conversationId
          ? [running.get(conversationId)?.done]
          : [...running.values()].map((r) => r.done)
        const waiting = pending.filter((p): p is Promise<void> => p !== undefined)
        if (waiting.length === 0) return
        await Promise.all(waiting)
      }
    },
    busy: () => running.size > 0,
    async dispose() {
      disposed = true
      approvals.close() // quitting declines what waits for the user
      for (const { turn } of running.values()) turn.stop()
      await Promise.all([...running.values()].map((r) => r.done))
      listeners.clear()
    }
  }
}

export type { ChatEventName }
