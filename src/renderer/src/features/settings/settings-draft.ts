import {
  applySettingsPatch,
  SETTINGS_RANGES,
  type Settings,
  type SettingsIssue,
  type SettingsPatch
} from '@shared/app/settings'
import { formatSizeInput, parseSize } from '@shared/sizes'
import { parseWholeNumber } from '../../lib/format'

/** What the form edits: text as typed for numbers and lists, so a half-typed value is never lost. */
export interface Draft {
  model: string
  maxTokens: string
  maxToolRounds: string
  maxFileBytes: string
  maxTotalBytes: string
  maxFiles: string
  maxReadChars: string
  expiryMode: Settings['expiry']['mode']
  expiryDays: string
  expiryAction: Settings['expiry']['action']
  pinned: string
  contextEnabled: boolean
  triggerTokens: string
  keepToolUses: string
  memoryGuidance: string
  theme: Settings['theme']
  memoryWriteApproval: Settings['memoryWriteApproval']
  secretMode: Settings['secretGuard']['mode']
  secretCheckUserEdits: boolean
  /** Suggest a tidy when a space nears a cap or changed a lot (tidySuggest.enabled). */
  tidySuggest: boolean
  customInstructions: string
  newChatMemory: Settings['newChatMemory']
  /** One site per line. */
  webAllowed: string
  webBlocked: string
}
export type DraftField = keyof Draft
/** Fields the user has touched; everything else follows the saved settings as they change. */
export type Edits = Partial<Draft>

export function draftFromSettings(settings: Settings): Draft {
  return {
    model: settings.model,
    maxTokens: String(settings.maxTokens),
    maxToolRounds: String(settings.maxToolRounds),
    maxFileBytes: formatSizeInput(settings.memory.maxFileBytes),
    maxTotalBytes: formatSizeInput(settings.memory.maxTotalBytes),
    maxFiles: String(settings.memory.maxFiles),
    maxReadChars: String(settings.memory.maxReadChars),
    expiryMode: settings.expiry.mode,
    expiryDays: String(settings.expiry.days),
    expiryAction: settings.expiry.action,
    pinned: settings.expiry.pinned.join('\n'),
    contextEnabled: settings.contextEditing.enabled,
    triggerTokens: String(settings.contextEditing.triggerTokens),
    keepToolUses: String(settings.contextEditing.keepToolUses),
    memoryGuidance: settings.memoryGuidance,
    theme: settings.theme,
    memoryWriteApproval: settings.memoryWriteApproval,
    secretMode: settings.secretGuard.mode,
    secretCheckUserEdits: settings.secretGuard.checkUserEdits,
    tidySuggest: settings.tidySuggest.enabled,
    customInstructions: settings.customInstructions,
    newChatMemory: settings.newChatMemory,
    webAllowed: settings.webAllowedDomains.join('\n'),
    webBlocked: settings.webBlockedDomains.join('\n')
  }
}

export function currentDraft(settings: Settings, edits: Edits): Draft {
  return { ...draftFromSettings(settings), ...edits }
}

export function pinnedLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index])
}

/** Only what differs from the saved settings, in the shape settings:update takes. */
export function patchFromDraft(settings: Settings, draft: Draft): SettingsPatch {
  const patch: SettingsPatch = {}
  const memory: NonNullable<SettingsPatch['memory']> = {}
  const expiry: NonNullable<SettingsPatch['expiry']> = {}
  const contextEditing: NonNullable<SettingsPatch['contextEditing']> = {}
  const number = (text: string, saved: number, set: (value: number) => void): void => {
    const value = parseWholeNumber(text)
    if (!Object.is(value, saved)) set(value)
  }
  // Sizes are typed with units; text that is no size goes on as NaN, like a bad number.
  const size = (text: string, saved: number, set: (value: number) => void): void => {
    const parsed = parseSize(text)
    const value = parsed.ok ? parsed.bytes : Number.NaN
    if (!Object.is(value, saved)) set(value)
  }

  const model = draft.model.trim()
  if (model !== settings.model) patch.model = model
  number(draft.maxTokens, settings.maxTokens, (v) => (patch.maxTokens = v))
  number(draft.maxToolRounds, settings.maxToolRounds, (v) => (patch.maxToolRounds = v))
  size(draft.maxFileBytes, settings.memory.maxFileBytes, (v) => (memory.maxFileBytes = v))
  size(draft.maxTotalBytes, settings.memory.maxTotalBytes, (v) => (memory.maxTotalBytes = v))
  number(draft.maxFiles, settings.memory.maxFiles, (v) => (memory.maxFiles = v))
  number(draft.maxReadChars, settings.memory.maxReadChars, (v) => (memory.maxReadChars = v))
  if (draft.expiryMode !== settings.expiry.mode) expiry.mode = draft.expiryMode
  number(draft.expiryDays, settings.expiry.days, (v) => (expiry.days = v))
  if (draft.expiryAction !== settings.expiry.action) expiry.action = draft.expiryAction
  const pinned = pinnedLines(draft.pinned)
  if (!sameList(pinned, settings.expiry.pinned)) expiry.pinned = pinned
  if (draft.contextEnabled !== settings.contextEditing.enabled)
    contextEditing.enabled = draft.contextEnabled
  number(
    draft.triggerTokens,
    settings.contextEditing.triggerTokens,
    (v) => (contextEditing.triggerTokens = v)
  )
  number(
    draft.keepToolUses,
    settings.contextEditing.keepToolUses,
    (v) => (contextEditing.keepToolUses = v)
  )
  if (draft.memoryGuidance !== settings.memoryGuidance) patch.memoryGuidance = draft.memoryGuidance
  if (draft.theme !== settings.theme) patch.theme = draft.theme
  if (draft.memoryWriteApproval !== settings.memoryWriteApproval)
    patch.memoryWriteApproval = draft.memoryWriteApproval
  const secretGuard: NonNullable<SettingsPatch['secretGuard']> = {}
  if (draft.secretMode !== settings.secretGuard.mode) secretGuard.mode = draft.secretMode
  if (draft.secretCheckUserEdits !== settings.secretGuard.checkUserEdits)
    secretGuard.checkUserEdits = draft.secretCheckUserEdits
  if (Object.keys(secretGuard).length > 0) patch.secretGuard = secretGuard
  if (draft.tidySuggest !== settings.tidySuggest.enabled)
    patch.tidySuggest = { enabled: draft.tidySuggest }
  if (draft.customInstructions !== settings.customInstructions)
    patch.customInstructions = draft.customInstructions
  if (draft.newChatMemory !== settings.newChatMemory) patch.newChatMemory = draft.newChatMemory
  const allowed = pinnedLines(draft.webAllowed)
  if (!sameList(allowed, settings.webAllowedDomains)) patch.webAllowedDomains = allowed
  const blocked = pinnedLines(draft.webBlocked)
  if (!sameList(blocked, settings.webBlockedDomains)) patch.webBlockedDomains = blocked

  if (Object.keys(memory).length > 0) patch.memory = memory
  if (Object.keys(expiry).length > 0) patch.expiry = expiry
  if (Object.keys(contextEditing).length > 0) patch.contextEditing = contextEditing
  return patch
}

const FIELD_OF_PATH: Record<string, DraftField> = {
  model: 'model',
  maxTokens: 'maxTokens',
  maxToolRounds: 'maxToolRounds',
  'memory.maxFileBytes': 'maxFileBytes',
  'memory.maxTotalBytes': 'maxTotalBytes',
  'memory.maxFiles': 'maxFiles',
  'memory.maxReadChars': 'maxReadChars',
  'expiry.mode': 'expiryMode',
  'expiry.days': 'expiryDays',
  'expiry.action': 'expiryAction',
  'expiry.pinned': 'pinned',
  'contextEditing.enabled': 'contextEnabled',
  'contextEditing.triggerTokens': 'triggerTokens',
  'contextEditing.keepToolUses': 'keepToolUses',
  memoryGuidance: 'memoryGuidance',
  theme: 'theme',
  memoryWriteApproval: 'memoryWriteApproval',
  'secretGuard.mode': 'secretMode',
  'secretGuard.checkUserEdits': 'secretCheckUserEdits',
  'tidySuggest.enabled': 'tidySuggest',
  customInstructions: 'customInstructions',
  newChatMemory: 'newChatMemory',
  webAllowedDomains: 'webAllowed',
  webBlockedDomains: 'webBlocked'
}

/** "maxFileBytes must be a whole number…" → "Must be a whole number…": the label already names it. */
function humanMessage(issue: SettingsIssue): string {
  const segments = issue.path.split('.')
  const last = segments.at(-1) ?? ''
  let message = issue.message.startsWith(`${last} `)
    ? issue.message.slice(last.length + 1)
    : issue.message
  message = message.charAt(0).toUpperCase() + message.slice(1)
  const line = /^expiry\.pinned\.(\d+)$/.exec(issue.path)?.[1]
  if (line !== undefined) message = `Pattern ${Number(line) + 1}: ${message}`
  const site = /^web(?:Allowed|Blocked)Domains\.(\d+)$/.exec(issue.path)?.[1]
  if (site !== undefined) message = `Line ${Number(site) + 1}: ${message}`
  return /[.!?]$/.test(message) ? message : `${message}.`
}

/** Fields typed as sizes with units ("256 KB"), stored as bytes. */
export const SIZE_FIELDS = ['maxFileBytes', 'maxTotalBytes'] as const
export type SizeField = (typeof SIZE_FIELDS)[number]
function isSizeField(field: DraftField): field is SizeField {
  return (SIZE_FIELDS as readonly string[]).includes(field)
}

/** "Must be between 1 KB and 10 MB.": the schema's range, in the units the field is typed in. */
export function sizeRangeMessage(field: SizeField): string {
  const { min, max } = SETTINGS_RANGES[field]
  return `Must be between ${formatSizeInput(min)} and ${formatSizeInput(max)}.`
}

export interface DraftCheck {
  patch: SettingsPatch
  changed: boolean
  errors: Partial<Record<DraftField, string>>
  /** Problems that belong to no one field (should not happen, but never hide one). */
  otherErrors: string[]
  valid: boolean
}

/** Validates the draft exactly as main will: the shared applySettingsPatch on the saved settings. */
export function checkDraft(settings: Settings, draft: Draft): DraftCheck {
  const patch = patchFromDraft(settings, draft)
  const changed = Object.keys(patch).length > 0
  const errors: DraftCheck['errors'] = {}
  const otherErrors: string[] = []
  const result = applySettingsPatch(settings, patch)
  for (const field of SIZE_FIELDS) {
    const parsed = parseSize(draft[field])
    if (!parsed.ok) errors[field] = parsed.message
  }
  if (!result.ok) {
    for (const issue of result.issues) {
      const key = issue.path.replace(
        /^(expiry\.pinned|webAllowedDomains|webBlockedDomains)\.\d+$/,
        '$1'
      )
      const field = FIELD_OF_PATH[key]
      if (field && isSizeField(field)) errors[field] ??= sizeRangeMessage(field)
      else if (field) errors[field] ??= humanMessage(issue)
      else otherErrors.push(humanMessage(issue))
    }
  }
  return { patch, changed, errors, otherErrors, valid: result.ok }
}

/** After a save: drop the edits that were saved, keep any typed while the save was under way. */
export function editsAfterSave(edits: Edits, saved: Edits): Edits {
  const rest: Edits = {}
  for (const key of Object.keys(edits) as DraftField[]) {
    if (edits[key] !== saved[key]) Object.assign(rest, { [key]: edits[key] })
  }
  return rest
}
