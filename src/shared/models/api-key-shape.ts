// What an Anthropic API key looks like, checked before anything is sent anywhere: a key for another
// service (most often OpenAI's) is named as such, so the user knows which key to fetch instead.

export interface KeyShapeProblem {
  message: string
  nextStep: string
}

const FROM_CONSOLE =
  'Create a key on the API keys page of the Claude Console and paste it here: it starts with sk-ant-api.'

/** Null when `key` is shaped like an Anthropic API key; otherwise what is wrong with it. */
export function keyShapeProblem(key: string): KeyShapeProblem | null {
  const k = key.trim()
  if (/^sk-ant-admin/i.test(k))
    return {
      message: 'This is an Anthropic Admin key: it manages an organization and cannot chat.',
      nextStep: FROM_CONSOLE
    }
  if (/^sk-ant-[A-Za-z0-9_-]+$/.test(k)) return null
  if (/^sk-(proj|svcacct|admin)-/i.test(k) || /^sk-[A-Za-z0-9]{20,}$/.test(k))
    return {
      message: 'This looks like an OpenAI key, not an Anthropic one.',
      nextStep: FROM_CONSOLE
    }
  return {
    message: 'This does not look like an Anthropic API key (those start with sk-ant-).',
    nextStep: FROM_CONSOLE
  }
}
