/*
 * The visible label of every text field in Settings. The Playwright page objects import this too
 * (it has no imports of its own), so a renamed label cannot silently break the end-to-end specs.
 */
export const FIELD_LABELS = {
  model: 'Model',
  maxTokens: 'Max output tokens',
  maxToolRounds: 'Max memory rounds per message',
  maxFileBytes: 'Max file size',
  maxTotalBytes: 'Max folder size',
  maxFiles: 'Max number of files',
  maxReadChars: 'Max characters per read',
  expiryDays: 'Expire after (days)',
  triggerTokens: 'Start when a conversation reaches (tokens)',
  keepToolUses: 'Latest look-ups to keep',
  memoryGuidance: 'Memory guidance',
  customInstructions: 'Custom instructions'
} as const

export type LabelledField = keyof typeof FIELD_LABELS

/** The id of a field's input; its error message is `${fieldId(name)}-error`. */
export function fieldId(name: string): string {
  return `field-${name}`
}
