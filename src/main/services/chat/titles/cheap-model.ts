import type { ModelOption } from '@shared/chat/models'
import { thinkingOffer } from '@shared/models/model-caps'
import { modelFacts } from '@shared/models/pricing'

/*
 * Which model writes a chat's title. The rule, over the list GET /v1/models gave for this key:
 * leave out retired models and those that always think (a few words need no thinking, and a
 * small max_tokens would be spent on it); of the rest, the one with the lowest price — input and
 * output rates per token added up, from pricing.ts, the one table of models Cairn keeps because
 * the API has no price field; on a tie, the newest (`created_at`). When no listed model has a
 * known price, the chat's own model writes it: it has just answered, so it works with this key.
 */
export function titleModel(models: readonly ModelOption[], chatModel: string): string {
  let best: { id: string; price: number; time: number } | null = null
  for (const model of models) {
    if (model.lifecycle === 'retired') continue
    if (thinkingOffer(model.caps)?.off === 'always') continue
    const facts = modelFacts(model.id)
    if (!facts) continue
    const price = facts.rates.input + facts.rates.output
    const parsed = Date.parse(model.createdAt ?? '')
    const time = Number.isFinite(parsed) ? parsed : 0
    if (!best || price < best.price || (price === best.price && time > best.time))
      best = { id: model.id, price, time }
  }
  return best?.id ?? chatModel
}
