import { z } from 'zod'
import { ConversationSummarySchema } from '../chat/chat'
import { NoInput } from '../no-input'
import {
  AddKnowledgeOutputSchema,
  CreateProjectInputSchema,
  DeleteProjectInputSchema,
  DeleteProjectOutputSchema,
  DeleteProjectPreviewSchema,
  KnowledgeRefSchema,
  MemorySpaceListSchema,
  MoveToProjectInputSchema,
  PickProjectFolderOutputSchema,
  ProjectListSchema,
  ProjectRefSchema,
  ProjectSchema,
  UpdateProjectInputSchema
} from './projects'

// The projects part of the one IPC contract (`contract.ts` spreads it into `channels`/`events`).

export const projectChannels = {
  'projects:list': { input: NoInput, output: ProjectListSchema },
  'projects:create': { input: CreateProjectInputSchema, output: ProjectSchema },
  'projects:update': { input: UpdateProjectInputSchema, output: ProjectSchema },
  // The OS folder dialog in main; the answer says whether the folder may hold a project's memory.
  'projects:pick-folder': { input: NoInput, output: PickProjectFolderOutputSchema },
  'projects:delete-preview': { input: ProjectRefSchema, output: DeleteProjectPreviewSchema },
  'projects:delete': { input: DeleteProjectInputSchema, output: DeleteProjectOutputSchema },
  // Knowledge: files through the OS dialog (as attachments), uploaded once to the Files API.
  'projects:add-knowledge': { input: ProjectRefSchema, output: AddKnowledgeOutputSchema },
  'projects:remove-knowledge': { input: KnowledgeRefSchema, output: ProjectSchema },
  // Uploads a knowledge file again now (after a failed upload); the project says how it went.
  'projects:retry-knowledge': { input: KnowledgeRefSchema, output: ProjectSchema },
  'chat:move-to-project': { input: MoveToProjectInputSchema, output: ConversationSummarySchema },
  // The inspector's space switcher: every memory space, the default ("No project") first.
  'memory:spaces': { input: NoInput, output: MemorySpaceListSchema }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const projectEvents = {
  'projects:changed': ProjectListSchema
} as const
