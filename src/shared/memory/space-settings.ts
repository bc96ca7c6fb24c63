import { z } from 'zod'
import {
  ExpiryPolicySchema,
  HistoryRetentionSchema,
  MemoryCapsSchema,
  MemoryWriteApprovalSchema,
  SecretGuardSchema,
  type Settings
} from '../app/settings'
import { InSpaceSchema } from './spaces'

// A memory space's own settings (issue 38). Each section either follows Settings (absent) or is the
// space's own, whole: a space never mixes half its caps from Settings with half of its own, so what
// the user sees in one place is what applies. Pins are always the space's own: they name files in
// its folder, which mean nothing in another.

export const SPACE_SETTINGS_SECTIONS = [
  'memory',
  'expiry',
  'history',
  'secretGuard',
  'memoryWriteApproval'
] as const
export const SpaceSettingsSectionSchema = z.enum(SPACE_SETTINGS_SECTIONS)
export type SpaceSettingsSection = z.infer<typeof SpaceSettingsSectionSchema>

const OwnExpirySchema = ExpiryPolicySchema.omit({ pinned: true })

export const SpaceSettingsSchema = z.object({
  memory: MemoryCapsSchema.optional(),
  expiry: OwnExpirySchema.optional(),
  history: HistoryRetentionSchema.optional(),
  secretGuard: SecretGuardSchema.optional(),
  memoryWriteApproval: MemoryWriteApprovalSchema.optional(),
  pinned: ExpiryPolicySchema.shape.pinned
})
export type SpaceSettings = z.infer<typeof SpaceSettingsSchema>

/** The settings one space's engine and approvals run with. */
export type EffectiveSpaceSettings = Pick<
  Settings,
  'memory' | 'expiry' | 'history' | 'secretGuard' | 'memoryWriteApproval'
>

/** What Settings say, with the space's own sections in their place (null: the default space). */
export function effectiveSpaceSettings(
  global: Settings,
  own: SpaceSettings | null
): EffectiveSpaceSettings {
  if (!own) {
    const { memory, expiry, history, secretGuard, memoryWriteApproval } = global
    return { memory, expiry, history, secretGuard, memoryWriteApproval }
  }
  return {
    memory: own.memory ?? global.memory,
    expiry: { ...(own.expiry ?? global.expiry), pinned: own.pinned },
    history: own.history ?? global.history,
    secretGuard: own.secretGuard ?? global.secretGuard,
    memoryWriteApproval: own.memoryWriteApproval ?? global.memoryWriteApproval
  }
}

export const SpaceSettingsStateSchema = z.object({
  /** False for "No project": its settings are the ones in Settings. */
  canOverride: z.boolean(),
  own: SpaceSettingsSchema,
  effective: z.object({
    memory: MemoryCapsSchema,
    expiry: ExpiryPolicySchema,
    history: HistoryRetentionSchema,
    secretGuard: SecretGuardSchema,
    memoryWriteApproval: MemoryWriteApprovalSchema
  })
})
export type SpaceSettingsState = z.infer<typeof SpaceSettingsStateSchema>

/** One section made the space's own (its whole value) or given back to Settings (null). */
export const UpdateSpaceSettingsInputSchema = z.discriminatedUnion('section', [
  z.strictObject({
    ...InSpaceSchema.shape,
    section: z.literal('memory'),
    value: MemoryCapsSchema.nullable()
  }),
  z.strictObject({
    ...InSpaceSchema.shape,
    section: z.literal('expiry'),
    value: OwnExpirySchema.nullable()
  }),
  z.strictObject({
    ...InSpaceSchema.shape,
    section: z.literal('history'),
    value: HistoryRetentionSchema.nullable()
  }),
  z.strictObject({
    ...InSpaceSchema.shape,
    section: z.literal('secretGuard'),
    value: SecretGuardSchema.nullable()
  }),
  z.strictObject({
    ...InSpaceSchema.shape,
    section: z.literal('memoryWriteApproval'),
    value: MemoryWriteApprovalSchema.nullable()
  }),
  z.strictObject({
    ...InSpaceSchema.shape,
    section: z.literal('pinned'),
    value: ExpiryPolicySchema.shape.pinned
  })
])
export type UpdateSpaceSettingsInput = z.infer<typeof UpdateSpaceSettingsInputSchema>
