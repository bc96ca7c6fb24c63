import type { ChatFault } from '@shared/chat/chat'
import type { ModelOption } from '@shared/chat/models'

/*
 * A model's lifecycle as the API tells it: a retired model refuses every request, so a chat on
 * one is told so before anything is sent, with the way on (another model of the same line).
 */

export function retiredFault(model: ModelOption): ChatFault {
  const when = model.retiresAt ? ` on ${model.retiresAt.slice(0, 10)}` : ''
  return {
    code: 'model-not-found',
    message: `${model.displayName} was retired${when}: Anthropic no longer answers requests to it.`,
    nextStep:
      'Choose another model for this chat in its header (Cairn suggests the newest of the same line), then press Retry.',
    retryable: true,
    status: null
  }
}
