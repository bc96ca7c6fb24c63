import { z } from 'zod'
import { SettingsSchema } from './settings'

// The app's own calls over the contract (its info, the API key, settings, folders, the clipboard):
// their inputs and outputs, which `contract.ts` lists with the rest.

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  electronVersion: z.string().nullable(),
  memoryFolder: z.string(),
  userDataFolder: z.string()
})

export const SecretSourceSchema = z.enum(['keychain', 'environment', 'session'])
export const SecretStatusSchema = z.object({
  configured: z.boolean(),
  source: SecretSourceSchema.nullable(),
  /** The last 4 characters of the key, never more. */
  hint: z.string().max(4).nullable(),
  keychainAvailable: z.boolean()
})

export const SetApiKeyInputSchema = z.strictObject({
  apiKey: z
    .string({ error: 'the API key must be text' })
    .trim()
    .min(8, { error: 'the API key is too short' })
    .max(512, { error: 'the API key is too long' })
    .regex(/^[\x21-\x7e]+$/, { error: 'the API key cannot contain spaces or unusual characters' }),
  /** Keep the key in main-process memory only, e.g. when no OS keychain is available. */
  sessionOnly: z.boolean().optional()
})

export const SettingsNoticeSchema = z.object({
  kind: z.literal('recovered'),
  message: z.string(),
  movedTo: z.string()
})
export const SettingsStateSchema = z.object({
  settings: SettingsSchema,
  notice: SettingsNoticeSchema.nullable()
})

export const OpenFolderResultSchema = z.object({ path: z.string() })

/** Text for the system clipboard (copy code, copy diagnostics); capped like any input from the page. */
export const COPY_TEXT_MAX_CHARS = 1_000_000
export const CopyTextInputSchema = z.strictObject({
  text: z.string().max(COPY_TEXT_MAX_CHARS, 'is too long to copy (at most 1,000,000 characters)')
})

/** Optionally a key typed but not saved yet; otherwise the saved one is checked. */
export const TestApiKeyInputSchema = z
  .strictObject({ apiKey: SetApiKeyInputSchema.shape.apiKey.optional() })
  .optional()
