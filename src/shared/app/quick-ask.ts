import { z } from 'zod'
import { AcceleratorSchema } from './accelerator'
import { ConversationIdSchema } from '../chat/chat'

/** The hash the quick-ask window loads: the same page and contract as the main window. */
export const QUICK_ASK_HASH = '#quick-ask'

/** The global shortcut as main holds it: what is saved, and whether the system gave it to Cairn. */
export const ShortcutStatusSchema = z.object({
  accelerator: z.string(),
  /** As people read it on this platform ("Ctrl+Shift+Space"). */
  label: z.string(),
  registered: z.boolean(),
  /** Why it is not registered (another app holds it, no desktop session), with a next step. */
  problem: z.string().nullable()
})
export type ShortcutStatus = z.infer<typeof ShortcutStatusSchema>

export const SetShortcutInputSchema = z.strictObject({ accelerator: AcceleratorSchema })

export const OpenInMainInputSchema = z.strictObject({ conversationId: ConversationIdSchema })

/** Main → the main window: show this conversation (the quick-ask window's "Open in Cairn"). */
export const ShowConversationSchema = z.object({ conversationId: ConversationIdSchema })
export type ShowConversation = z.infer<typeof ShowConversationSchema>
