import type { ModelOption } from '@shared/chat/models'
import type { ChannelCall, ChannelOutput } from '@shared/contract'
import type { AttachmentService } from '../attachments'
import type { ChatEmit } from '../types'
import type { SpaceId } from '@shared/memory/spaces'

/*
 * The chat service as the rest of main sees it. Each call answering a channel takes its shapes
 * from the contract (src/shared/contract.ts), so a field added to a schema reaches the service,
 * the handlers and the renderer at once. Only what no channel names is written out here.
 */

export interface ChatService {
  listConversations: ChannelCall<'chat:list-conversations'>
  searchConversations: ChannelCall<'chat:search-conversations'>
  getConversation: ChannelCall<'chat:get-conversation'>
  createConversation: ChannelCall<'chat:create-conversation'>
  renameConversation: ChannelCall<'chat:rename-conversation'>
  /** Kept aside until the next start, so `restoreConversation` (Undo) puts back the same file. */
  deleteConversation: ChannelCall<'chat:delete-conversation'>
  restoreConversation: ChannelCall<'chat:restore-conversation'>
  setModel: ChannelCall<'chat:set-model'>
  /** A chat's own instructions (null: Settings' again), its memory switch and web tools. */
  updateConversation: ChannelCall<'chat:update-conversation'>
  /** Thinking and effort for this conversation; refused where the model does not take them. */
  setThinking: ChannelCall<'chat:set-thinking'>
  /** Saves the message, starts the reply, and answers at once; the reply arrives as events. */
  send: ChannelCall<'chat:send-message'>
  /** Stops the running reply and resolves once what was shown is saved. */
  stop: ChannelCall<'chat:stop'>
  /** Asks again after a fault or a stop: the unfinished reply is replaced. */
  retry: ChannelCall<'chat:retry'>
  setPinned: ChannelCall<'chat:set-pinned'>
  /** Markdown to where the user chooses in the save dialog; `saved: false` when they cancel. */
  exportConversation: ChannelCall<'chat:export-conversation'>
  /** Edit-and-resend: what followed the message is kept as an earlier version. */
  editMessage: ChannelCall<'chat:edit-message'>
  /** A new answer to the last message; the previous one is kept as an earlier version. */
  regenerate: ChannelCall<'chat:regenerate'>
  /**
   * "Continue" after a reply that stopped part-way: a paused turn (`pause_turn`) is sent back as
   * it is, so the API goes on with it; one cut off at the reply limit (`max_tokens`) gets a new
   * user turn, shown to Claude only, asking it to go on where it stopped.
   */
  continueReply: ChannelCall<'chat:continue-reply'>
  switchVersion: ChannelCall<'chat:switch-version'>
  /** Moves a chat to a project (or out of one); refused while a reply runs or an approval waits. */
  moveToProject: ChannelCall<'chat:move-to-project'>
  /** A project's Retry after a failed knowledge upload: uploads it again now. */
  retryKnowledge: ChannelCall<'projects:retry-knowledge'>
  listModels: ChannelCall<'chat:list-models'>
  /** What the API says of one model, listed or not; null when nothing can be learned. */
  describeModel(model: string): Promise<ModelOption | null>
  /** What the saved replies of the last 30 days cost (cost-summary.ts). */
  costSummary: ChannelCall<'chat:cost-summary'>
  /** Conversation files that could not be read, kept as `*.corrupt-*` (damaged-calls.ts). */
  listDamaged: ChannelCall<'chat:list-damaged'>
  /** A new chat with the messages before the damage; the damaged file stays. */
  recoverDamaged: ChannelCall<'chat:recover-damaged'>
  /** Hides one from the list for good; the file stays. */
  dismissDamaged: ChannelCall<'chat:dismiss-damaged'>
  openConversationsFolder: ChannelCall<'chat:open-conversations-folder'>
  testKey: ChannelCall<'secrets:test'>
  /** Memory writes of Claude's waiting for the user's answer (write approval). */
  listApprovals: ChannelCall<'chat:list-approvals', ChannelOutput<'chat:list-approvals'>>
  answerApproval: ChannelCall<'chat:answer-approval', ChannelOutput<'chat:answer-approval'>>
  /** Files for the composer: added once, stored content-addressed, named by messages. */
  attachments: Pick<AttachmentService, 'add' | 'addFile' | 'pick' | 'preview'>
  /** Conversations holding a text (Forget, issue 35): their ids and titles, the text masked. */
  findText(text: string): Promise<Array<{ conversationId: string; title: string }>>
  /** Takes a text out of one conversation through its own save; CHAT_BUSY while a reply runs. */
  forgetText(input: { conversationId: string; text: string }): Promise<{ changed: boolean }>
  /** The chats of one memory space (a project's), and how many of them are answering now. */
  countIn(space: SpaceId): Promise<{ chats: number; running: number }>
  /** Moves every chat of a space to "No project"; answers how many moved. */
  moveAllOutOf(space: SpaceId): Promise<number>
  onEvent(listener: ChatEmit): () => void
  /** Resolves when no reply is running (in this conversation, or at all). */
  idle(conversationId?: string): Promise<void>
  /** Whether any reply is running now (an update's restart waits until none is). */
  busy(): boolean
  dispose(): Promise<void>
}

/** The OS save dialog (main's dialog.showSaveDialog): the chosen path, or null if cancelled. */
export type ChooseSavePath = (options: {
  title: string
  defaultName: string
  filters: { name: string; extensions: string[] }[]
}) => Promise<string | null>
