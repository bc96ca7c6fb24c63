import { z } from 'zod'
import { InSpaceSchema, inSpace } from './spaces'
import {
  CopyToSpaceInputSchema,
  CopyToSpaceResultSchema,
  SearchAllInputSchema,
  SearchAllResultSchema
} from './across-spaces'
import { SpaceSettingsStateSchema, UpdateSpaceSettingsInputSchema } from './space-settings'
import {
  ActivityPageSchema,
  ActivityQuerySchema,
  MemoryChangeSchema,
  MemoryCreateInputSchema,
  MemoryListPageSchema,
  MemoryFileSchema,
  MemoryListInputSchema,
  MemoryMutationSchema,
  MemoryPathInputSchema,
  MemoryReadInputSchema,
  MemoryRenameInputSchema,
  MemoryUsageSchema,
  MemoryWriteInputSchema
} from './memory'
import {
  ArchivedItemSchema,
  ExpiryPreviewInputSchema,
  SweepInputSchema,
  ExpiryPreviewItemSchema,
  RestoreAllInputSchema,
  RestoreAllResultSchema,
  RestoreInputSchema,
  SweepResultSchema
} from './expiry'
import {
  FindInHistoryInputSchema,
  FindInHistoryResultSchema,
  ForgetAtInputSchema,
  ForgetAtResultSchema,
  ForgetInputSchema,
  ForgetResultSchema,
  ForgetSecretsResultSchema,
  HistoryInputSchema,
  HistoryVersionSchema,
  RevertInputSchema,
  RevertResultSchema,
  VersionTextInputSchema
} from './history'
import { MemorySearchInputSchema, MemorySearchResultSchema } from './search'
import { SecretScanResultSchema } from './secret-scan'
import { ArchiveInputSchema, CapImpactInputSchema, CapImpactSchema } from './caps'

// The memory part of the one IPC contract (`contract.ts` spreads it into `channels`/`events`).

/** A memory call that takes nothing but its space. */
const SpaceOnly = z.strictObject(InSpaceSchema.shape)
/** Each kind of Forget, in a space (a union's members each take the space). */
const ForgetInSpaceSchema = z.discriminatedUnion('what', [
  inSpace(ForgetInputSchema.options[0]),
  inSpace(ForgetInputSchema.options[1]),
  inSpace(ForgetInputSchema.options[2]),
  inSpace(ForgetInputSchema.options[3]),
  inSpace(ForgetInputSchema.options[4])
])

// The memory inspector: the user's own reads and edits, through the same engine as Claude's.
// Every call names its memory space (see InSpaceSchema for why the space is never defaulted).
export const memoryChannels = {
  'memory:list': { input: inSpace(MemoryListInputSchema), output: MemoryListPageSchema },
  'memory:read': { input: inSpace(MemoryReadInputSchema), output: MemoryFileSchema },
  'memory:write': { input: inSpace(MemoryWriteInputSchema), output: MemoryMutationSchema },
  'memory:create': { input: inSpace(MemoryCreateInputSchema), output: MemoryMutationSchema },
  'memory:rename': { input: inSpace(MemoryRenameInputSchema), output: MemoryMutationSchema },
  'memory:delete': { input: inSpace(MemoryPathInputSchema), output: MemoryMutationSchema },
  'memory:usage': { input: SpaceOnly, output: MemoryUsageSchema },
  'memory:activity': { input: inSpace(ActivityQuerySchema), output: ActivityPageSchema },
  'memory:expiry-preview': {
    input: inSpace(ExpiryPreviewInputSchema),
    output: z.array(ExpiryPreviewItemSchema)
  },
  // No paths: everything due; with paths, only those.
  'memory:sweep': {
    input: inSpace(SweepInputSchema.partial()),
    output: SweepResultSchema
  },
  'memory:archive-list': { input: SpaceOnly, output: z.array(ArchivedItemSchema) },
  'memory:archive-restore': { input: inSpace(RestoreInputSchema), output: MemoryMutationSchema },
  // Across spaces: a note copied or moved (through each space's write path); one search of all.
  'memory:copy-to-space': { input: CopyToSpaceInputSchema, output: CopyToSpaceResultSchema },
  'memory:search-all': { input: SearchAllInputSchema, output: SearchAllResultSchema },
  // A space's own settings (caps, expiry, history, secret guard, approval, pins) or Settings'.
  'memory:space-settings': { input: SpaceOnly, output: SpaceSettingsStateSchema },
  'memory:update-space-settings': {
    input: UpdateSpaceSettingsInputSchema,
    output: SpaceSettingsStateSchema
  },
  'memory:archive-restore-all': {
    input: inSpace(RestoreAllInputSchema),
    output: RestoreAllResultSchema
  },
  // Caps that explain themselves: usage against caps about to be saved, and archiving to make room.
  'memory:cap-impact': {
    input: inSpace(CapImpactInputSchema.unwrap()),
    output: CapImpactSchema
  },
  'memory:archive': { input: inSpace(ArchiveInputSchema), output: MemoryMutationSchema },
  // Version history (kept by the engine outside the memory folder; never seen by Claude).
  'memory:history': { input: inSpace(HistoryInputSchema), output: z.array(HistoryVersionSchema) },
  'memory:version-text': {
    input: inSpace(VersionTextInputSchema),
    output: z.object({ text: z.string() })
  },
  'memory:revert': { input: inSpace(RevertInputSchema), output: RevertResultSchema },
  // Forget: history drops versions for good (packs rewritten); a record says when, not what.
  // A text is also looked for everywhere else Cairn keeps it (conversations, archive, logs…):
  // each place is named, and `forget-at` takes it out of one the user chooses.
  'memory:find-in-history': {
    input: inSpace(FindInHistoryInputSchema),
    output: FindInHistoryResultSchema
  },
  'memory:forget': { input: ForgetInSpaceSchema, output: ForgetResultSchema },
  'memory:forget-at': { input: inSpace(ForgetAtInputSchema), output: ForgetAtResultSchema },
  'memory:forget-secrets': {
    input: inSpace(MemoryPathInputSchema),
    output: ForgetSecretsResultSchema
  },
  // "Scan memory for secrets": file, line and kind of each finding, never the secret.
  'memory:scan-secrets': { input: SpaceOnly, output: SecretScanResultSchema },
  'memory:search': { input: inSpace(MemorySearchInputSchema), output: MemorySearchResultSchema },
  // Which of these changes were undone since (a chip says "Undone" after a reload).
  'memory:undone': {
    input: inSpace(z.strictObject({ seqs: z.array(z.number().int().min(0)).max(500) })),
    output: z.object({ seqs: z.array(z.number()) })
  }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const memoryEvents = {
  'memory:changed': inSpace(MemoryChangeSchema)
} as const satisfies Record<string, z.ZodType>
