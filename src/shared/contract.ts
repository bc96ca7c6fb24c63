import {
  BackupProgressSchema,
  BackupSpaceSchema,
  ExportResultSchema,
  ImportInputSchema,
  ImportPreviewSchema,
  ImportResultSchema
} from './memory/backup'
import { z } from 'zod'
import { mcpChannels, mcpEvents } from './mcp/contract'
import { memoryChannels, memoryEvents } from './memory/contract'
import { projectChannels, projectEvents } from './projects/contract'
import { tidyChannels, tidyEvents } from './tidy/tidy'
import { tidyBatchChannels, tidyBatchEvents } from './tidy/batch'
import { NoInput } from './no-input'
import {
  AppInfoSchema,
  SecretStatusSchema,
  SetApiKeyInputSchema,
  SettingsStateSchema,
  OpenFolderResultSchema,
  CopyTextInputSchema,
  TestApiKeyInputSchema
} from './app/app-channels'
import {
  AddAttachmentInputSchema,
  AttachmentInfoSchema,
  AttachmentPreviewInputSchema,
  AttachmentPreviewSchema,
  PickAttachmentsOutputSchema
} from './chat/attachments'
import {
  ChatDeltaSchema,
  ChatDoneSchema,
  ChatErrorSchema,
  ChatTitledSchema,
  ChatRewrittenSchema,
  ChatChangedOutsideSchema,
  ChatMessageEventSchema,
  ChatRetryingSchema,
  ChatToolSchema,
  ChatThinkingSchema
} from './chat/events'
import {
  ConversationListSchema,
  ConversationRefSchema,
  ConversationStateSchema,
  ConversationOptionsSchema,
  UpdateConversationInputSchema,
  CreateConversationInputSchema,
  DeleteOutputSchema,
  ListModelsInputSchema,
  RenameConversationInputSchema,
  RetryOutputSchema,
  SearchInputSchema,
  SendInputSchema,
  SendOutputSchema,
  SetModelInputSchema,
  SetPinnedInputSchema,
  SetThinkingInputSchema,
  StopOutputSchema,
  ExportOutputSchema
} from './chat/channels'
import { ConversationSchema, ConversationSummarySchema } from './chat/chat'
import {
  DamagedFileInputSchema,
  DamagedListSchema,
  OpenConversationsFolderOutputSchema,
  RecoverDamagedOutputSchema
} from './chat/damaged'
import {
  KeyTestResultSchema,
  DescribeModelInputSchema,
  DescribeModelOutputSchema,
  ModelListSchema
} from './chat/models'
import { CostSummarySchema } from './models/cost'
import {
  AnswerApprovalInputSchema,
  AnswerApprovalOutputSchema,
  ApprovalListSchema,
  ChatApprovalResolvedSchema,
  ListApprovalsInputSchema,
  MemoryApprovalSchema,
  ToolCallApprovalSchema
} from './chat/approval'
import { DiagnosticsSchema } from './app/diagnostics'
import {
  SyncConfigureInputSchema,
  SyncPauseInputSchema,
  SyncResolveInputSchema,
  SyncSpaceInputSchema,
  SyncStatusSchema,
  SyncStoreListSchema
} from './memory/sync'
import { UpdateStatusSchema } from './app/updates'
import {
  BranchActionOutputSchema,
  EditMessageInputSchema,
  SwitchVersionInputSchema,
  SwitchVersionOutputSchema
} from './chat/message-actions'
import { AppErrorShapeSchema } from './errors'
import { OpenExternalInputSchema, OpenExternalResultSchema } from './app/links'
import { CrashReportSchema, TakeLinksOutputSchema } from './app/app-requests'
import {
  OpenInMainInputSchema,
  SetShortcutInputSchema,
  ShortcutStatusSchema,
  ShowConversationSchema
} from './app/quick-ask'
import { SettingsPatchSchema, SettingsSchema } from './app/settings'

/*
 * The ONE definition of the bridge between renderer and main. Every invoke channel is
 * `domain:kebab-action` with an input and an output schema; every main→renderer event has a
 * payload schema. Types below are inferred from these; nothing is typed twice by hand.
 */

export const channels = {
  'app:info': { input: NoInput, output: AppInfoSchema },
  'app:open-memory-folder': { input: NoInput, output: OpenFolderResultSchema },
  'app:diagnostics': { input: NoInput, output: DiagnosticsSchema },
  // Through main, not navigator.clipboard: the window denies every permission, clipboard included.
  'app:copy-text': { input: CopyTextInputSchema, output: z.object({ copied: z.number() }) },
  // A link from Claude's answer, to the OS browser: https only, after the user confirmed it.
  'app:open-external': { input: OpenExternalInputSchema, output: OpenExternalResultSchema },
  // cairn:// links and the tray's requests wait in main until the page takes them (app-requests.ts).
  'app:take-links': { input: NoInput, output: TakeLinksOutputSchema },
  // Settings → About: what the local crash dumps are (names, times, sizes), never their bytes.
  'app:crash-report': { input: NoInput, output: CrashReportSchema },
  ...memoryChannels,
  'secrets:status': { input: NoInput, output: SecretStatusSchema },
  'secrets:set-api-key': { input: SetApiKeyInputSchema, output: SecretStatusSchema },
  'secrets:clear-api-key': { input: NoInput, output: SecretStatusSchema },
  'settings:get': { input: NoInput, output: SettingsStateSchema },
  'settings:update': { input: SettingsPatchSchema, output: SettingsSchema },
  'secrets:test': { input: TestApiKeyInputSchema, output: KeyTestResultSchema },
  'chat:list-conversations': { input: NoInput, output: ConversationListSchema },
  'chat:search-conversations': {
    input: SearchInputSchema,
    output: ConversationListSchema.pick({ conversations: true })
  },
  'chat:get-conversation': { input: ConversationRefSchema, output: ConversationStateSchema },
  'chat:create-conversation': { input: CreateConversationInputSchema, output: ConversationSchema },
  'chat:rename-conversation': {
    input: RenameConversationInputSchema,
    output: ConversationSummarySchema
  },
  'chat:delete-conversation': { input: ConversationRefSchema, output: DeleteOutputSchema },
  // Undo of a delete, this session: the same file back (null once it is no longer kept).
  'chat:restore-conversation': {
    input: ConversationRefSchema,
    output: ConversationSummarySchema.nullable()
  },
  'chat:set-model': { input: SetModelInputSchema, output: ConversationSummarySchema },
  'chat:update-conversation': {
    input: UpdateConversationInputSchema,
    output: ConversationOptionsSchema
  },
  'chat:set-thinking': { input: SetThinkingInputSchema, output: ConversationSummarySchema },
  'chat:send-message': { input: SendInputSchema, output: SendOutputSchema },
  'chat:stop': { input: ConversationRefSchema, output: StopOutputSchema },
  'chat:retry': { input: ConversationRefSchema, output: RetryOutputSchema },
  'chat:list-models': { input: ListModelsInputSchema, output: ModelListSchema },
  // One model as the API describes it, listed or not (a retired chat model, a snapshot id).
  'chat:describe-model': { input: DescribeModelInputSchema, output: DescribeModelOutputSchema },
  'chat:set-pinned': { input: SetPinnedInputSchema, output: ConversationSummarySchema },
  // Markdown through the OS save dialog (main asks where; the renderer only learns the file name).
  'chat:export-conversation': { input: ConversationRefSchema, output: ExportOutputSchema },
  // Memory writes waiting for the user (write approval): listed after a reload, answered by a card.
  'chat:list-approvals': { input: ListApprovalsInputSchema, output: ApprovalListSchema },
  'chat:answer-approval': { input: AnswerApprovalInputSchema, output: AnswerApprovalOutputSchema },
  // Message actions: the replaced replies are kept as an earlier version (message-actions.ts).
  'chat:edit-message': { input: EditMessageInputSchema, output: BranchActionOutputSchema },
  'chat:regenerate': { input: ConversationRefSchema, output: BranchActionOutputSchema },
  // After an answer cut off at the reply limit or paused: a new request that goes on with it.
  'chat:continue-reply': { input: ConversationRefSchema, output: BranchActionOutputSchema },
  'chat:switch-version': { input: SwitchVersionInputSchema, output: SwitchVersionOutputSchema },
  // Attachments: a pasted or dropped file's bytes cross once (base64, capped by the schema); the
  // file button opens the OS dialog in main, so those bytes never pass through the page at all.
  'chat:add-attachment': { input: AddAttachmentInputSchema, output: AttachmentInfoSchema },
  'chat:pick-attachments': { input: NoInput, output: PickAttachmentsOutputSchema },
  'chat:attachment-preview': {
    input: AttachmentPreviewInputSchema,
    output: AttachmentPreviewSchema
  },
  // What the last 30 days of saved replies cost, per model (Settings → About).
  'chat:cost-summary': { input: NoInput, output: CostSummarySchema },
  // Conversation files that could not be read, kept beside the others: listed, recovered up to the
  // damage (a new chat), dismissed (the file stays), and their folder opened in the file manager.
  'chat:list-damaged': { input: NoInput, output: DamagedListSchema },
  'chat:recover-damaged': { input: DamagedFileInputSchema, output: RecoverDamagedOutputSchema },
  'chat:dismiss-damaged': { input: DamagedFileInputSchema, output: DamagedListSchema },
  'chat:open-conversations-folder': {
    input: NoInput,
    output: OpenConversationsFolderOutputSchema
  },
  // Settings → Sync: one memory on every device through an Anthropic Memory Store (off by default);
  // each memory space pairs with its own store, so every call and status names its space.
  'sync:status': { input: SyncSpaceInputSchema, output: SyncStatusSchema },
  'sync:configure': { input: SyncConfigureInputSchema, output: SyncStatusSchema },
  'sync:now': { input: SyncSpaceInputSchema, output: SyncStatusSchema },
  'sync:pause': { input: SyncPauseInputSchema, output: SyncStatusSchema },
  'sync:disconnect': { input: SyncSpaceInputSchema, output: SyncStatusSchema },
  // Quick ask: the global shortcut (saved only once the system gave it to Cairn) and the small
  // window's two requests. The window is the same page and contract, so nothing here is privileged.
  'shortcut:status': { input: NoInput, output: ShortcutStatusSchema },
  'shortcut:set': { input: SetShortcutInputSchema, output: ShortcutStatusSchema },
  'window:hide-quick-ask': { input: NoInput, output: z.object({ hidden: z.boolean() }) },
  'window:open-in-main': {
    input: OpenInMainInputSchema,
    output: z.object({ opened: z.boolean() })
  },
  'sync:resolve': { input: SyncResolveInputSchema, output: SyncStatusSchema },
  'sync:list-stores': { input: SyncSpaceInputSchema, output: SyncStoreListSchema },
  'sync:approve': { input: SyncSpaceInputSchema, output: SyncStatusSchema },
  'sync:decline': { input: SyncSpaceInputSchema, output: SyncStatusSchema },
  // Export memory / Import: one archive through the OS dialogs (main asks; the page sends no path).
  'backup:export': { input: BackupSpaceSchema, output: ExportResultSchema },
  'backup:import-preview': { input: BackupSpaceSchema, output: ImportPreviewSchema.nullable() },
  'backup:import': { input: ImportInputSchema, output: ImportResultSchema },
  // Updates (issue 28): the state the banner shows; check, download, and restart when the user asks.
  'updates:status': { input: NoInput, output: UpdateStatusSchema },
  'updates:check': { input: NoInput, output: UpdateStatusSchema },
  'updates:download': { input: NoInput, output: UpdateStatusSchema },
  'updates:restart': { input: NoInput, output: UpdateStatusSchema },
  ...mcpChannels,
  ...projectChannels,
  ...tidyChannels,
  ...tidyBatchChannels
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const events = {
  ...memoryEvents,
  ...mcpEvents,
  ...projectEvents,
  ...tidyEvents,
  ...tidyBatchEvents,
  'settings:changed': z.object({ settings: SettingsSchema }),
  'chat:delta': ChatDeltaSchema,
  'chat:thinking': ChatThinkingSchema,
  'chat:tool': ChatToolSchema,
  'chat:message': ChatMessageEventSchema,
  'chat:retrying': ChatRetryingSchema,
  'chat:done': ChatDoneSchema,
  'chat:error': ChatErrorSchema,
  'chat:titled': ChatTitledSchema,
  'chat:rewritten': ChatRewrittenSchema,
  'chat:changed-outside': ChatChangedOutsideSchema,
  'chat:approval-pending': MemoryApprovalSchema,
  /** A tool call of another provider (an MCP server's) waits for the user. */
  'chat:tool-approval-pending': ToolCallApprovalSchema,
  /** The file of a waiting change moved on disk: the same card, with the new plan (or none). */
  'chat:approval-updated': MemoryApprovalSchema,
  'chat:approval-resolved': ChatApprovalResolvedSchema,
  'sync:changed': SyncStatusSchema,
  'window:show-conversation': ShowConversationSchema,
  // Something waits in the link inbox: the page takes it with app:take-links.
  'app:links-waiting': z.object({ count: z.number().int().min(1) }),
  'backup:progress': BackupProgressSchema,
  'updates:changed': UpdateStatusSchema
} as const satisfies Record<string, z.ZodType>

export type ChannelName = keyof typeof channels
export type EventName = keyof typeof events
export type ChannelInput<C extends ChannelName> = z.input<(typeof channels)[C]['input']>
export type ChannelOutput<C extends ChannelName> = z.output<(typeof channels)[C]['output']>
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>
/** A channel's input as the registry hands it on: parsed by the contract's schema. */
export type ChannelParsedInput<C extends ChannelName> = z.output<(typeof channels)[C]['input']>
/**
 * The shape of a service call that answers channel C: no argument when the channel takes no
 * input, an optional one when its input is optional. Services declare their calls with it, so
 * a channel's shapes are written once, in its schemas.
 */
export type ChannelCall<C extends ChannelName, R = Promise<ChannelOutput<C>>> = [
  ChannelParsedInput<C>
] extends [undefined]
  ? () => R
  : undefined extends ChannelParsedInput<C>
    ? (input?: ChannelParsedInput<C>) => R
    : (input: ChannelParsedInput<C>) => R

export const channelNames = Object.keys(channels) as ChannelName[]
export const eventNames = Object.keys(events) as EventName[]

export function isChannelName(value: unknown): value is ChannelName {
  return typeof value === 'string' && Object.hasOwn(channels, value)
}
export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.hasOwn(events, value)
}

export const EnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: AppErrorShapeSchema })
])
export type Envelope<T = unknown> =
  { ok: true; data: T } | { ok: false; error: z.infer<typeof AppErrorShapeSchema> }

export type AppInfo = z.infer<typeof AppInfoSchema>
export type SecretStatus = z.infer<typeof SecretStatusSchema>
export type SettingsState = z.infer<typeof SettingsStateSchema>
