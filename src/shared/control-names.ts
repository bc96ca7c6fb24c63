/*
 * The visible names of the controls that Cairn's messages send people to. Fault texts and notices
 * are written with these (quoted as “…”), and a renderer test checks that each one is really on
 * screen, so a message can never point at a setting or button that does not exist.
 */
export const CONTROL_NAMES = {
  /** The Settings tab in the app's navigation. */
  settings: 'Settings',
  /** Settings → API key (the key field). */
  apiKey: 'API key',
  /** Settings → Model and replies → the model ID field. */
  model: 'Model',
  /** Settings → Model and replies → the reply length cap (`maxTokens`). */
  maxTokens: 'Max output tokens',
  /** Settings → Model and replies → the memory round cap (`maxToolRounds`). */
  maxToolRounds: 'Max memory rounds per message',
  /** The Retry button under a failed answer. */
  retry: 'Retry',
  /** The New chat button above the conversation list. */
  newChat: 'New chat'
} as const

export type ControlName = keyof typeof CONTROL_NAMES

/** A control's name as messages write it: “Model”. */
export function quoted(name: ControlName): string {
  return `“${CONTROL_NAMES[name]}”`
}
