import { randomUUID } from 'node:crypto'
import { CustomInstructionsSchema, MemoryModeSchema } from '@shared/app/settings'
import { CONVERSATION_VERSION, TimeSchema, TITLE_MAX, type Conversation } from '@shared/chat/chat'
import { ThinkingSettingSchema } from '@shared/chat/thinking'
import { WebToolsSchema } from '@shared/chat/web-tools'
import { SpaceIdSchema } from '@shared/memory/spaces'
import { repairStored } from '../repair'
import { salvagedTitle } from './kept-files'
import type { Salvage } from './salvage'

const SUFFIX = ' (recovered)'
const UNTITLED = 'Damaged chat'

/** The model the damaged file named, when it names one that can be a model id; else null. */
export function salvagedModel({ header }: Salvage): string | null {
  return typeof header.model === 'string' && header.model.length > 0 && header.model.length <= 100
    ? header.model
    : null
}

/** A new conversation of what the salvage read; options the file never reached stay safe. */
export function rebuildConversation(salvage: Salvage, model: string, now: string): Conversation {
  const { header } = salvage
  const created = TimeSchema.safeParse(header.createdAt)
  const memory = MemoryModeSchema.safeParse(header.memory)
  const instructions = CustomInstructionsSchema.safeParse(header.instructions)
  const thinking = ThinkingSettingSchema.safeParse(header.thinking)
  const web = WebToolsSchema.safeParse(header.web)
  const space = SpaceIdSchema.safeParse(header.space)
  const base = salvagedTitle(salvage) ?? UNTITLED
  return {
    version: CONVERSATION_VERSION,
    id: randomUUID(),
    title: `${base.slice(0, TITLE_MAX - SUFFIX.length)}${SUFFIX}`,
    titleSource: 'user',
    model,
    createdAt: created.success ? created.data : now,
    updatedAt: now,
    // A reply cut off before its memory command was answered gets the "not run" answer.
    messages: repairStored(salvage.messages, () => now).messages,
    // A file that broke off before it said whether the chat used memory: off until the user
    // turns it on (a private chat never gains memory by being recovered). A whole file without
    // the field was a chat with memory on.
    ...(memory.success
      ? memory.data === 'off'
        ? { memory: 'off' as const }
        : {}
      : salvage.ended
        ? {}
        : { memory: 'off' as const }),
    ...(instructions.success ? { instructions: instructions.data } : {}),
    // Its memory stays its project's: a recovered chat never reads another space.
    ...(space.success ? { space: space.data } : {}),
    ...(thinking.success ? { thinking: thinking.data } : {}),
    ...(web.success ? { web: web.data } : {})
  }
}
