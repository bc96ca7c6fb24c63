import type { ChatMessage, Usage } from '@shared/chat'

/*
 * One usage line per answer. An answer is every reply Claude wrote for one message of yours: with
 * memory operations that is several API rounds (a saved reply each), joined by tool results.
 */

function isUserText(message: ChatMessage): boolean {
  return message.role === 'user' && message.content.some((b) => b.type === 'text')
}

function sum(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheCreationTokens: a.cacheCreationTokens + b.cacheCreationTokens
  }
}

export function isZeroUsage(usage: Usage): boolean {
  return (
    usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheCreationTokens === 0
  )
}

/**
 * The id of each answer's last reply → the usage summed over its rounds. Answers that used no
 * tokens (failed before the API counted any) get no line; nor does the answer still being written.
 */
export function answerUsage(
  messages: readonly ChatMessage[],
  running: boolean
): Map<string, Usage> {
  const lines = new Map<string, Usage>()
  let total: Usage | null = null
  let lastReply: string | null = null
  const close = (): void => {
    if (lastReply !== null && total !== null && !isZeroUsage(total)) lines.set(lastReply, total)
    total = null
    lastReply = null
  }
  for (const message of messages) {
    if (isUserText(message)) close()
    else if (message.role === 'assistant') {
      lastReply = message.id
      if (message.usage) total = total ? sum(total, message.usage) : message.usage
    }
  }
  if (!running) close()
  return lines
}
