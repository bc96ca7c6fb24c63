import { z } from 'zod'
import { CustomInstructionsSchema, MemoryModeSchema, ModelIdSchema } from '../app/settings'
import {
  AttachmentHashSchema,
  AttachmentKindSchema,
  AttachmentMediaTypeSchema,
  AttachmentNameSchema
} from '../chat/attachments'
import { ConversationIdSchema, TimeSchema } from '../chat/chat'
import { ThinkingSettingSchema } from '../chat/thinking'
import { SpaceIdSchema } from '../memory/spaces'

// Projects (issue 38): a name, instructions, knowledge files, default chat options, its chats and
// its memory space. A project's id is its memory space's id: one project, one space. Chats outside
// every project ("No project") use the default space, as before projects existed.

export const PROJECTS_VERSION = 1
export const PROJECT_NAME_MAX = 100
/** Knowledge files per project, and their total size (each file is checked as an attachment). */
export const KNOWLEDGE_LIMITS = { files: 50, totalBytes: 200 * 1024 * 1024 } as const

export const ProjectIdSchema = SpaceIdSchema
export type ProjectId = z.infer<typeof ProjectIdSchema>

export const ProjectNameSchema = z
  .string({ error: 'a project name must be text' })
  .trim()
  .min(1, { error: 'a project needs a name' })
  .max(PROJECT_NAME_MAX, { error: `a project name can be at most ${PROJECT_NAME_MAX} characters` })

/**
 * One knowledge file. Its bytes sit in the attachment store (by hash); `fileId` is the Files API
 * id once uploaded (requests then reference it instead of re-sending the bytes), null where the
 * Files API is not available (the file goes inline, and its cost per turn is shown).
 */
export const KnowledgeFileSchema = z.object({
  hash: AttachmentHashSchema,
  name: AttachmentNameSchema,
  kind: AttachmentKindSchema,
  mediaType: AttachmentMediaTypeSchema,
  size: z.number().int().min(0),
  addedAt: TimeSchema,
  fileId: z.string().min(1).max(200).nullable(),
  /** Why it is inline (the upload failed or the API has no Files API); null when uploaded. */
  inlineReason: z.string().max(500).nullable(),
  /**
   * How the last upload failed, where it did: the API has no Files API, the upload was refused as
   * too large (413: a request could not carry it inline either, so chats go without it), or it
   * failed (network, server). The project's settings offer Retry. Absent: not failed (or
   * recorded before this was kept).
   */
  uploadFailure: z.enum(['unavailable', 'too-large', 'failed']).optional()
})
export type KnowledgeFile = z.infer<typeof KnowledgeFileSchema>
export type UploadFailure = NonNullable<KnowledgeFile['uploadFailure']>

/** What an upload to the Files API came to, as recorded on the file. */
export interface KnowledgeUpload {
  /** The Files API id; null when the file goes inline. */
  fileId: string | null
  /** Why it goes inline (the upload failed, or the API has no Files API); null when uploaded. */
  inlineReason: string | null
  /** How the upload failed; absent when it did not (an earlier failure is then forgotten). */
  uploadFailure?: UploadFailure
}

/** The file with this upload recorded: a failure no longer true is dropped. */
export function withUpload(file: KnowledgeFile, upload: KnowledgeUpload): KnowledgeFile {
  const { uploadFailure: _earlier, ...rest } = file
  return { ...rest, ...upload }
}

/** What a new chat in the project starts with; absent: what Settings say. */
export const ProjectDefaultsSchema = z.object({
  model: ModelIdSchema.optional(),
  thinking: ThinkingSettingSchema.optional(),
  /** `off`: new chats start without memory; absent: "New chats without memory" in Settings. */
  memory: MemoryModeSchema.optional(),
  webSearch: z.boolean().optional(),
  webFetch: z.boolean().optional(),
  /** MCP servers (their ids) off in the project's chats. */
  serversOff: z.array(z.string().max(64)).max(100).optional()
})
export type ProjectDefaults = z.infer<typeof ProjectDefaultsSchema>

export const ProjectSchema = z.object({
  id: ProjectIdSchema,
  name: ProjectNameSchema,
  /** Added to the system prompt of every chat in the project. */
  instructions: CustomInstructionsSchema,
  knowledge: z.array(KnowledgeFileSchema).max(KNOWLEDGE_LIMITS.files),
  defaults: ProjectDefaultsSchema,
  createdAt: TimeSchema,
  /** The folder the user picked ("New project from a folder"); null: memory in Cairn's data folder. */
  folder: z.string().max(4096).nullable(),
  /** Where the project's memory lives on this machine (shown to the user, never to Claude). */
  memoryFolder: z.string().max(4096)
})
export type Project = z.infer<typeof ProjectSchema>

export const ProjectListSchema = z.object({ projects: z.array(ProjectSchema) })

export const CreateProjectInputSchema = z.strictObject({
  name: ProjectNameSchema,
  instructions: CustomInstructionsSchema.optional(),
  /** A folder from `projects:pick-folder` (checked again here); absent: memory in Cairn's data. */
  folder: z.string().min(1).max(4096).optional()
})
export const UpdateProjectInputSchema = z.strictObject({
  id: ProjectIdSchema,
  name: ProjectNameSchema.optional(),
  instructions: CustomInstructionsSchema.optional(),
  defaults: ProjectDefaultsSchema.optional()
})
export const ProjectRefSchema = z.strictObject({ id: ProjectIdSchema })

/** The OS folder dialog's answer: the folder and whether it may hold a project's memory. */
export const PickProjectFolderOutputSchema = z.object({
  folder: z.string().nullable(),
  /** Where its memory would live (`<folder>/.cairn/memories`). */
  memoryFolder: z.string().nullable(),
  /** Why the folder cannot be a project's (a system folder, Cairn's data, inside another space). */
  refused: z.string().nullable()
})

/** What deleting a project would do to its memory, asked before anything is deleted. */
export const DeleteProjectPreviewSchema = z.object({
  id: ProjectIdSchema,
  name: z.string(),
  chats: z.number().int().min(0),
  memoryFolder: z.string(),
  /** True when the user picked the folder: Cairn lists exactly which files would go. */
  userFolder: z.boolean(),
  /** The memory files (paths under /memories), up to 500; `more` counts the rest. */
  files: z.array(z.string()).max(500),
  more: z.number().int().min(0)
})
export const ProjectMemoryChoiceSchema = z.enum(['keep', 'archive', 'delete'])
export const DeleteProjectInputSchema = z.strictObject({
  id: ProjectIdSchema,
  memory: ProjectMemoryChoiceSchema
})
export const DeleteProjectOutputSchema = z.object({
  /** Its chats move to "No project" (they are never deleted with it). */
  chatsMoved: z.number().int().min(0),
  /** Where an archive was written, when the user chose archive. */
  archivedTo: z.string().nullable()
})

export const KnowledgeRefSchema = z.strictObject({
  id: ProjectIdSchema,
  hash: AttachmentHashSchema
})
export const AddKnowledgeOutputSchema = z.object({
  project: ProjectSchema,
  refused: z.array(z.object({ name: z.string(), message: z.string() }))
})

/** A chat moves to a project (null: "No project"); its next message uses that project's memory. */
export const MoveToProjectInputSchema = z.strictObject({
  conversationId: ConversationIdSchema,
  project: ProjectIdSchema.nullable()
})

/** A memory space the inspector can switch to. */
export const MemorySpaceInfoSchema = z.object({
  id: SpaceIdSchema,
  name: z.string(),
  folder: z.string()
})
export const MemorySpaceListSchema = z.object({ spaces: z.array(MemorySpaceInfoSchema) })
export type MemorySpaceInfo = z.infer<typeof MemorySpaceInfoSchema>
