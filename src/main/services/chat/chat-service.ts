import { join } from 'node:path'
import type { Conversation, UserMessage } from '@shared/chat/chat'
import type { EventPayload } from '@shared/contract'
import type { MemoryWriteApproval, Settings } from '@shared/app/settings'
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import { createAnthropicClients, type AnthropicOptions } from './api/anthropic'
import { ApprovalDesk } from './approvals/approvals'
import { createAttachmentService, type PickFiles } from './attachments'
import type { ChatService, ChooseSavePath } from './calls/api'
import { createConversationCalls } from './calls/conversation-calls'
import { createDamagedCalls, type OpenFolder } from './calls/damaged-calls'
import { createForgetCalls } from './calls/forget-calls'
import { createChatCore, type ChatCore } from './calls/core'
import { createMessageActions } from './calls/message-actions'
import { createOptionCalls } from './calls/option-calls'
import { createProjectChatCalls } from './calls/project-chats'
import { createSendCalls } from './calls/send-calls'
import { DEFAULT_COALESCE_MS } from './stream/coalescer'
import { memoryFor } from './conversations/conversation-options'
import { chatToolbox, type McpServers } from './tools/chat-tools'
import { createConversationStore, CONVERSATIONS_FOLDER } from './conversations/conversation-store'
import { watchConversationFolder } from './conversations/folder-watcher'
import { annotateMessage } from './frame/request-frame'
import { testApiKey } from './api/key-test'
import { createModelCatalog } from './models/models'
import { DEFAULT_RETRY, realWait, type RetryPolicy, type Wait } from './api/retry'
import { Turn, type TurnEnd } from './turn/turn'
import { createTurnRunner, type TurnRunner } from './turn/turn-runner'
import { createTitles, type Titles } from './titles'
import type { ChatEventName, MemoryToolRunner } from './types'
import type { SpaceId } from '@shared/memory/spaces'
import { createProjectCalls } from './calls/project-calls'
import { createKnowledge, knowledgeInRequest } from './projects/knowledge'
import { projectOf, type ProjectsForChat } from './projects/projects-for-chat'

/*
 * The chat service: conversations, replies and their events, models, the key test and write
 * approval, composed from their rooms (calls/ for the calls, turn/ for the replies). Its shape is
 * the contract's (calls/api.ts).
 */

export type { ChatService, ChooseSavePath } from './calls/api'
export type { ChatEventName }

export interface ChatServiceOptions {
  /** User data: conversations/ and the model cache live here. */
  dir: string
  settings: { get(): { settings: Settings } }
  secrets: { getApiKey(): Promise<string | null> }
  /** Claude's memory in the default space (and in every space when `memoryIn` is absent). */
  memory: MemoryToolRunner
  /** Each space's memory (the registry's handles): a chat uses its own space's. */
  memoryIn?: (space: SpaceId) => MemoryToolRunner
  /** When Claude's writes wait for the user in a space (its own setting or Settings'). */
  approvalIn?: (space: SpaceId) => MemoryWriteApproval
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
  /** The OS file manager (main's shell.openPath), for the conversations folder. */
  openFolder?: OpenFolder | undefined
  /** The MCP servers chats may use (absent: none). */
  mcp?: McpServers | undefined
  /** Projects (issue 38): a chat's instructions, knowledge and defaults (absent: none). */
  projects?: ProjectsForChat | undefined
  /**
   * Watch the conversations folder, so chats another program (or another Cairn) adds, changes or
   * removes show without a restart (the app does; most tests need not).
   */
  watchFolder?: boolean
  /** Stored files named outside chats (projects' knowledge): kept when chats no longer name them. */
  keptAttachments?: () => Iterable<string>
}

/** One chat event as the listeners hear it. */
interface ChatEvent {
  event: ChatEventName
  payload: EventPayload<ChatEventName>
}

export function createChatService(options: ChatServiceOptions): ChatService {
  const parts = createParts(options)
  const { store, clients, models, emit, logger } = parts
  const turns = createTurnRunner({
    makeTurn: turnMaker(parts),
    onEnd: (turn, conversation, end) => answered(parts, { core, titles }, turn, conversation, end)
  })
  const core = createChatCore({
    store,
    turns,
    settings: parts.settings,
    clock: parts.clock,
    logger
  })
  const folderWatcher = watchFolder(parts, turns)
  const titles = createTitles({
    client: () => clients.get(),
    models,
    store,
    summary: (conversation) => core.summary(conversation),
    emit,
    logger
  })
  return {
    ...roomCalls(parts, core, turns),
    ...ownCalls(parts, turns),
    async dispose() {
      parts.approvals.close() // quitting declines what waits for the user
      await (await folderWatcher)?.dispose()
      await turns.dispose()
      await titles.dispose()
      parts.events.clear()
    }
  }
}

/** What the calls share: the store, the events, the clients, attachments, approvals, models. */
function createParts(options: ChatServiceOptions) {
  const clock = options.clock ?? (() => new Date())
  const logger = options.logger
  const settings = () => options.settings.get().settings
  const store = createConversationStore({ dir: options.dir, logger, clock })
  const events = new Emitter<ChatEvent>((error, { event }) =>
    logger.error('chat listener failed', { event, error })
  )
  const emit = <E extends ChatEventName>(event: E, payload: EventPayload<E>) =>
    events.emit({ event, payload })
  const clients = createAnthropicClients({
    apiKey: () => options.secrets.getApiKey(),
    options: options.anthropic ?? {},
    logger
  })
  const attachments = startAttachments(options, store)
  const approvals = new ApprovalDesk({
    mode: (conversationId) => {
      const space = store.get(conversationId)?.space
      return space && options.approvalIn
        ? options.approvalIn(space)
        : settings().memoryWriteApproval
    },
    emit,
    clock
  })
  const models = createModelCatalog({
    dir: options.dir,
    client: () => clients.get(),
    logger,
    clock
  })
  const projects = options.projects
  const knowledge = projects
    ? createKnowledge({ projects, read: (hash) => attachments.read(hash), logger })
    : undefined
  const runnerIn = options.memoryIn ?? (() => options.memory)
  const annotate = (conversation: Conversation, message: UserMessage) =>
    annotateMessage(conversation, message, settings(), projectOf(conversation, projects))
  return {
    options,
    clock,
    logger,
    settings,
    store,
    events,
    emit,
    clients,
    attachments,
    approvals,
    models,
    projects,
    knowledge,
    runnerIn,
    annotate
  }
}
type Parts = ReturnType<typeof createParts>

/**
 * The attachment store, swept once the conversations are read: chats deleted last session and not
 * undone are gone for good now, and so are their own files; files added to a composer but never
 * sent are dropped (only older ones: a file added while the sweep runs is kept).
 */
function startAttachments(
  options: ChatServiceOptions,
  store: ReturnType<typeof createConversationStore>
) {
  const attachments = createAttachmentService({
    dir: options.dir,
    logger: options.logger,
    pickFiles: options.pickFiles,
    alsoKept: options.keptAttachments
  })
  const startedAt = Date.now()
  void store
    .ready()
    .then(async () => {
      for (const deleted of store.takePurged()) await attachments.release(deleted, store.all())
      return attachments.sweep(store.all(), startedAt)
    })
    .catch((error: unknown) => options.logger.warn('unsent attachments not swept', { error }))
  return attachments
}

/** Builds each reply's Turn: its settings, memory, tools (memory, MCP) and project as they are now. */
function turnMaker(parts: Parts) {
  const { options, approvals, attachments, clients, projects, knowledge } = parts
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry }
  /** MCP tools allowed "for this chat", per chat, for this session. */
  const allowedByChat = new Map<string, Set<string>>()
  const allowedInChat = (id: string) => {
    let allowed = allowedByChat.get(id)
    if (!allowed) allowedByChat.set(id, (allowed = new Set()))
    return allowed
  }
  return (conversation: Conversation, ready?: Promise<boolean>) => {
    const current = parts.settings()
    const memory = memoryFor(conversation, parts.runnerIn)
    return new Turn({
      ...(ready ? { ready } : {}),
      conversation,
      settings: current,
      client: () => clients.get(),
      memory,
      tools: chatToolbox(conversation, current, {
        memory: { runner: memory, approvals },
        mcp: options.mcp,
        askMcp: (preview, context) =>
          approvals.askToolCall(
            { ...context, input: preview.arguments },
            {
              provider: `mcp:${preview.server}`,
              server: preview.serverName,
              tool: preview.tool,
              title: preview.title
            }
          ),
        allowedInChat: allowedInChat(conversation.id),
        keepImage: attachments.addFile
      }),
      emit: parts.emit,
      save: (c) => parts.store.save(c),
      clock: parts.clock,
      wait: options.wait ?? realWait,
      retry,
      coalesceMs: options.coalesceMs ?? DEFAULT_COALESCE_MS,
      logger: parts.logger,
      attachments,
      describeModel: (model) => parts.models.describe(model),
      project: () => projectOf(conversation, projects),
      ...(knowledge ? { knowledge } : {})
    })
  }
}

/** A reply ended: the one place an answer completes (or fails), told to the page. */
function answered(
  { emit }: Parts,
  { core, titles }: { core: ChatCore; titles: Titles },
  turn: Turn,
  conversation: Conversation,
  end: TurnEnd
): void {
  if (end.kind === 'cancelled') return
  const base = {
    conversationId: conversation.id,
    turnId: turn.id,
    conversation: core.summary(conversation)
  }
  if (end.kind === 'done')
    emit('chat:done', {
      ...base,
      status: end.status,
      stopReason: end.stopReason,
      usage: end.usage
    })
  else emit('chat:error', { ...base, error: end.fault, partialKept: end.partialKept })
  titles.afterAnswer(conversation, end)
}

/** Chats another program (or another Cairn) adds, changes or removes, once the store is read. */
function watchFolder({ options, store, emit, logger }: Parts, turns: TurnRunner) {
  if (!options.watchFolder) return Promise.resolve(null)
  return store
    .ready()
    .then(() =>
      watchConversationFolder({
        folder: join(options.dir, CONVERSATIONS_FOLDER),
        store,
        skip: (id) => turns.isRunning(id),
        onChange: ({ id, kind }) => emit('chat:changed-outside', { conversationId: id, kind }),
        logger
      })
    )
    .catch((error: unknown) => {
      logger.warn('conversations folder not watched', { error })
      return null
    })
}

/** The calls each room of calls/ answers, over the chat core. */
function roomCalls(parts: Parts, core: ChatCore, turns: TurnRunner) {
  const { options, emit, models, projects, knowledge, attachments, approvals, clients } = parts
  return {
    ...createConversationCalls(core, {
      models,
      chooseSavePath: options.chooseSavePath,
      projects
    }),
    ...createProjectCalls(core, {
      emit,
      projects,
      waitingApprovals: (id) => approvals.list(id).length,
      knowledge,
      client: () => clients.get()
    }),
    ...createOptionCalls(core, { models }),
    ...createDamagedCalls(core, { dir: options.dir, models, openFolder: options.openFolder }),
    ...createForgetCalls(core, emit),
    ...createProjectChatCalls(core, emit),
    ...createSendCalls(core, {
      models,
      attachments,
      memoryIn: parts.runnerIn,
      annotate: parts.annotate,
      alsoSent: (conversation) =>
        knowledgeInRequest(projectOf(conversation, projects), attachments.stored)
    }),
    ...createMessageActions({
      find: core.find,
      ensureIdle: turns.ensureIdle,
      save: core.save,
      start: (conversation) => turns.start(conversation).id,
      clock: parts.clock,
      annotate: parts.annotate
    })
  }
}

type OwnCalls = Pick<
  ChatService,
  | 'stop'
  | 'listModels'
  | 'describeModel'
  | 'testKey'
  | 'listApprovals'
  | 'answerApproval'
  | 'attachments'
  | 'onEvent'
  | 'idle'
  | 'busy'
>

/** The service's own calls: stopping a reply, models, the key test, approvals, events. */
function ownCalls(parts: Parts, turns: TurnRunner): OwnCalls {
  const { options, models, approvals, clients, events, logger } = parts
  return {
    async stop({ conversationId }) {
      return { stopped: await turns.stop(conversationId) }
    },
    async listModels(input) {
      return models.list({ refresh: input?.refresh ?? false, configured: parts.settings().model })
    },
    describeModel: (model) => models.describe(model),
    async testKey(input) {
      const key = input?.apiKey ?? (await options.secrets.getApiKey())
      if (key) logger.redact(key)
      return testApiKey(key ? await clients.get(key) : null)
    },
    listApprovals: (input) => ({
      approvals: approvals.list(input?.conversationId)
    }),
    answerApproval: (input) => approvals.answer(input),
    attachments: parts.attachments,
    onEvent: (listener) => events.on(({ event, payload }) => listener(event, payload)),
    idle: (conversationId) => turns.idle(conversationId),
    busy: () => turns.busy()
  }
}
