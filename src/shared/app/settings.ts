import { z } from 'zod'
import { AcceleratorSchema, DEFAULT_QUICK_ASK_SHORTCUT } from './accelerator'
import { TRUSTED_HOSTS_MAX, TrustedHostSchema } from './links'
import { UpdateSettingsSchema } from './updates'
import { WebDomainListSchema } from './web-domains'

export const SETTINGS_VERSION = 1

// One place for every numeric range: the schema enforces it, the UI shows it next to the field.
export const SETTINGS_RANGES = {
  maxTokens: { min: 1, max: 128_000 },
  maxToolRounds: { min: 1, max: 200 },
  maxFileBytes: { min: 1_024, max: 10 * 1024 * 1024 },
  maxTotalBytes: { min: 10 * 1024, max: 1024 * 1024 * 1024 },
  maxFiles: { min: 1, max: 100_000 },
  maxReadChars: { min: 1_000, max: 1_000_000 },
  expiryDays: { min: 1, max: 3_650 },
  triggerTokens: { min: 1_000, max: 1_000_000 },
  keepToolUses: { min: 0, max: 100 },
  guidanceChars: { min: 0, max: 4_000 },
  pinnedGlobs: { min: 0, max: 100 },
  historyMaxBytes: { min: 1024 * 1024, max: 16 * 1024 * 1024 * 1024 },
  historyDays: { min: 1, max: 36_500 },
  historyKeepLatest: { min: 1, max: 10_000 },
  tidySuggestPercent: { min: 10, max: 100 },
  tidySuggestChanges: { min: 1, max: 100_000 }
} as const

type RangeName = keyof typeof SETTINGS_RANGES

function intIn(field: string, range: RangeName) {
  const { min, max } = SETTINGS_RANGES[range]
  const message = `${field} must be a whole number between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}`
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
}

export const ThemeSchema = z.enum(['system', 'light', 'dark'])
export const ExpiryModeSchema = z.enum(['off', 'idle', 'age'])
export const ExpiryActionSchema = z.enum(['delete', 'archive'])
/** When Claude's memory writes wait for the user: never, before removing/overwriting, or always. */
export const MemoryWriteApprovalSchema = z.enum(['automatic', 'ask-destructive', 'ask-all'])
export type MemoryWriteApproval = z.infer<typeof MemoryWriteApprovalSchema>

// Pinned patterns are matched in linear time; these caps bound the work per file all the same.
export const PINNED_GLOB_MAX_CHARS = 200
export const PINNED_GLOB_MAX_STARS = 16

const PinnedGlobSchema = z
  .string()
  .trim()
  .min(1, { error: 'pinned patterns cannot be empty' })
  .max(PINNED_GLOB_MAX_CHARS, {
    error: `a pinned pattern can be at most ${PINNED_GLOB_MAX_CHARS} characters`
  })
  .refine((pattern) => pattern.split('*').length - 1 <= PINNED_GLOB_MAX_STARS, {
    error: `a pinned pattern can have at most ${PINNED_GLOB_MAX_STARS} * wildcards (** counts as two)`
  })

export const DEFAULT_MEMORY_GUIDANCE =
  'Keep the memory folder organised: update existing notes rather than adding duplicates, and delete what is obsolete. Only store what will be useful in later conversations. Never store secrets such as passwords, API keys or access tokens.'

export const MemoryCapsSchema = z.object({
  maxFileBytes: intIn('maxFileBytes', 'maxFileBytes').default(256 * 1024),
  maxTotalBytes: intIn('maxTotalBytes', 'maxTotalBytes').default(16 * 1024 * 1024),
  maxFiles: intIn('maxFiles', 'maxFiles').default(2_000),
  maxReadChars: intIn('maxReadChars', 'maxReadChars').default(40_000)
})

export const ExpiryPolicySchema = z.object({
  mode: ExpiryModeSchema.default('off'),
  days: intIn('days', 'expiryDays').default(90),
  action: ExpiryActionSchema.default('archive'),
  pinned: z
    .array(PinnedGlobSchema)
    .max(SETTINGS_RANGES.pinnedGlobs.max, { error: 'at most 100 pinned patterns' })
    .default([])
})

/** Version history retention: pruned oldest-first past either bound, never the latest per path. */
export const HistoryRetentionSchema = z.object({
  maxBytes: intIn('maxBytes', 'historyMaxBytes').default(64 * 1024 * 1024),
  maxDays: intIn('maxDays', 'historyDays').default(180),
  keepLatest: intIn('keepLatest', 'historyKeepLatest').default(20)
})
export type HistoryRetention = z.infer<typeof HistoryRetentionSchema>

/**
 * The secret guard (credentials in memory writes). Claude's writes are refused or redacted;
 * the user's own saves are checked too unless `checkUserEdits` is off (they warn, and the user
 * can still save anyway or redact).
 */
export const SecretGuardSchema = z.object({
  mode: z.enum(['refuse', 'redact']).default('refuse'),
  checkUserEdits: z.boolean().default(true)
})
export type SecretGuardSettings = z.infer<typeof SecretGuardSchema>

/**
 * Suggest a tidy (issue 39, "suggest, don't nag"): off by default. On, the Memory view offers a
 * tidy once a space passes `percentOfCap` % of its file or size cap, or `changedFiles` files
 * changed since its last tidy (shared/tidy/suggest.ts).
 */
export const TidySuggestSchema = z.object({
  enabled: z.boolean().default(false),
  percentOfCap: intIn('percentOfCap', 'tidySuggestPercent').default(80),
  changedFiles: intIn('changedFiles', 'tidySuggestChanges').default(100)
})
export type TidySuggestSettings = z.infer<typeof TidySuggestSchema>

export const ContextEditingSchema = z.object({
  enabled: z.boolean().default(true),
  triggerTokens: intIn('triggerTokens', 'triggerTokens').default(100_000),
  keepToolUses: intIn('keepToolUses', 'keepToolUses').default(3),
  /** Server-side compaction (`compact_20260112`) of long conversations. */
  compaction: z.boolean().default(false)
})

/**
 * A model ID as the API names models (`claude-sonnet-4-6`, `claude-opus-4@20250514`): printable
 * ASCII letters, digits and `. _ : @ -`, starting with a letter or digit. Nothing else reaches a
 * request, a file or the UI: no NUL, control or bidi characters, no lone surrogates, no spaces.
 */
export const ModelIdSchema = z
  .string({ error: 'model must be text' })
  .trim()
  .min(1, { error: 'model cannot be empty' })
  .max(100, { error: 'model can be at most 100 characters' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:@-]*$/, {
    error: 'model can only contain letters, digits and . _ : @ - (for example claude-sonnet-4-6)'
  })

/**
 * The Settings value that means "the newest Sonnet in `GET /v1/models`". Files saved before it
 * existed name a model, and keep meaning exactly that model.
 */
export const AUTO_MODEL = 'auto'
/**
 * Only when the model list cannot be had (offline, no key, nothing cached): the newest Sonnet in
 * the installed SDK's model list (@anthropic-ai/sdk 1.12.0, `Model`).
 */
export const FALLBACK_MODEL = 'claude-sonnet-5-5'
export const CUSTOM_INSTRUCTIONS_MAX = 8_000
export const MemoryModeSchema = z.enum(['on', 'off'])
export type MemoryMode = z.infer<typeof MemoryModeSchema>
export const CustomInstructionsSchema = z
  .string({ error: 'instructions must be text' })
  .max(CUSTOM_INSTRUCTIONS_MAX, {
    error: `instructions can be at most ${CUSTOM_INSTRUCTIONS_MAX.toLocaleString('en-US')} characters`
  })

export const SettingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION).default(SETTINGS_VERSION),
  /** `auto` (AUTO_MODEL): new chats get the newest Sonnet the API lists; any other value is pinned. */
  model: ModelIdSchema.default(AUTO_MODEL),
  maxTokens: intIn('maxTokens', 'maxTokens').default(32_000),
  /** Memory-tool rounds Claude may take for one user message before Cairn stops the loop. */
  maxToolRounds: intIn('maxToolRounds', 'maxToolRounds').default(25),
  memory: MemoryCapsSchema.default(() => MemoryCapsSchema.parse({})),
  expiry: ExpiryPolicySchema.default(() => ExpiryPolicySchema.parse({})),
  contextEditing: ContextEditingSchema.default(() => ContextEditingSchema.parse({})),
  history: HistoryRetentionSchema.default(() => HistoryRetentionSchema.parse({})),
  secretGuard: SecretGuardSchema.default(() => SecretGuardSchema.parse({})),
  memoryGuidance: z
    .string()
    .max(SETTINGS_RANGES.guidanceChars.max, {
      error: 'memoryGuidance can be at most 4,000 characters'
    })
    .default(DEFAULT_MEMORY_GUIDANCE),
  theme: ThemeSchema.default('system'),
  /**
   * Sites whose links open without asking ("don't ask again for this site"). Added with a default,
   * so files written before it load unchanged: no version step needed.
   */
  trustedLinkHosts: z
    .array(TrustedHostSchema)
    .max(TRUSTED_HOSTS_MAX, { error: `at most ${TRUSTED_HOSTS_MAX} trusted sites` })
    .default([]),
  memoryWriteApproval: MemoryWriteApprovalSchema.default('automatic'),
  /** The user's own system prompt for every chat (a chat may override it); beside the memory guidance. */
  customInstructions: CustomInstructionsSchema.default(''),
  /** Whether new chats start with memory (`off`: no memory tool, nothing read or written). */
  newChatMemory: MemoryModeSchema.default('on'),
  /**
   * Web search and fetch (in chats that turn them on): only these sites, or never these. The API
   * takes one list or the other; with both set, only the allowed list applies.
   */
  webAllowedDomains: WebDomainListSchema.default([]),
  webBlockedDomains: WebDomainListSchema.default([]),
  /**
   * The global shortcut that opens the quick-ask window. Changed only through `shortcut:set`, which
   * saves it after the system gave it to Cairn (settings:update refuses it).
   */
  quickAskShortcut: AcceleratorSchema.default(DEFAULT_QUICK_ASK_SHORTCUT),
  /**
   * Closing the window keeps Cairn running in the tray (menu bar). null: the platform's default,
   * on except on Linux (keepsRunningInTray in tray-menu.ts).
   */
  keepInTray: z.boolean().nullable().default(null),
  /** Updates: automatic, notify only or off, and the channel (stable or beta). */
  updates: UpdateSettingsSchema.default(() => UpdateSettingsSchema.parse({})),
  tidySuggest: TidySuggestSchema.default(() => TidySuggestSchema.parse({}))
})
export type Settings = z.infer<typeof SettingsSchema>

// Only names are checked here (unknown keys are refused); values are checked on the merged result,
// so a patch can never slip a default in over a value it did not mention.
function namesOnly(section: z.ZodObject) {
  return z
    .strictObject(Object.fromEntries(Object.keys(section.shape).map((key) => [key, z.unknown()])))
    .partial()
}

/** A change to some fields; sections merge field by field. */
export const SettingsPatchSchema = z
  .strictObject({
    model: z.unknown(),
    maxTokens: z.unknown(),
    maxToolRounds: z.unknown(),
    memory: namesOnly(MemoryCapsSchema),
    expiry: namesOnly(ExpiryPolicySchema),
    contextEditing: namesOnly(ContextEditingSchema),
    history: namesOnly(HistoryRetentionSchema),
    secretGuard: namesOnly(SecretGuardSchema),
    memoryGuidance: z.unknown(),
    theme: z.unknown(),
    trustedLinkHosts: z.unknown(),
    memoryWriteApproval: z.unknown(),
    customInstructions: z.unknown(),
    newChatMemory: z.unknown(),
    webAllowedDomains: z.unknown(),
    webBlockedDomains: z.unknown(),
    quickAskShortcut: z.unknown(),
    keepInTray: z.unknown(),
    updates: namesOnly(UpdateSettingsSchema),
    tidySuggest: namesOnly(TidySuggestSchema)
  })
  .partial() as unknown as z.ZodType<SettingsPatch, SettingsPatch>
export type SettingsPatch = {
  model?: string
  maxTokens?: number
  maxToolRounds?: number
  memory?: Partial<Settings['memory']>
  expiry?: Partial<Settings['expiry']>
  contextEditing?: Partial<Settings['contextEditing']>
  history?: Partial<Settings['history']>
  secretGuard?: Partial<Settings['secretGuard']>
  memoryGuidance?: string
  theme?: Settings['theme']
  trustedLinkHosts?: string[]
  memoryWriteApproval?: MemoryWriteApproval
  customInstructions?: string
  newChatMemory?: Settings['newChatMemory']
  webAllowedDomains?: string[]
  webBlockedDomains?: string[]
  quickAskShortcut?: string
  keepInTray?: boolean | null
  updates?: Partial<Settings['updates']>
  tidySuggest?: Partial<Settings['tidySuggest']>
}

export function defaultSettings(): Settings {
  return SettingsSchema.parse({})
}

/**
 * Applies a patch and validates the result; the error names the field and its range.
 * Unknown names and non-object sections are refused (not silently dropped), and a field set to
 * `undefined` counts as not mentioned, so it keeps its value instead of falling back to the default.
 */
export function applySettingsPatch(
  current: Settings,
  patch: SettingsPatch
): { ok: true; settings: Settings } | { ok: false; issues: SettingsIssue[] } {
  const names = SettingsPatchSchema.safeParse(patch)
  if (!names.success) return { ok: false, issues: toIssues(names.error.issues) }
  const merged = {
    ...current,
    ...mentioned(patch),
    memory: { ...current.memory, ...mentioned(patch.memory) },
    expiry: { ...current.expiry, ...mentioned(patch.expiry) },
    contextEditing: { ...current.contextEditing, ...mentioned(patch.contextEditing) },
    history: { ...current.history, ...mentioned(patch.history) },
    secretGuard: { ...current.secretGuard, ...mentioned(patch.secretGuard) },
    updates: { ...current.updates, ...mentioned(patch.updates) },
    tidySuggest: { ...current.tidySuggest, ...mentioned(patch.tidySuggest) },
    version: SETTINGS_VERSION
  }
  const result = SettingsSchema.safeParse(merged)
  if (result.success) return { ok: true, settings: result.data }
  return { ok: false, issues: toIssues(result.error.issues) }
}

function mentioned<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(value ?? {}).filter(([, field]) => field !== undefined)
  ) as Partial<T>
}

function toIssues(issues: z.core.$ZodIssue[]): SettingsIssue[] {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => {
          const path = [...issue.path, key].map(String).join('.')
          return { path, message: `${path} is not a setting` }
        })
      : [{ path: issue.path.map(String).join('.') || 'settings', message: issue.message }]
  )
}

export interface SettingsIssue {
  /** Dotted field path, e.g. `memory.maxFileBytes`. */
  path: string
  message: string
}
