import type { ModelCapabilities } from '@anthropic-ai/sdk/resources/models'

// The models the fake lists on GET /v1/models, with the capabilities the real API describes, and
// a few facts of its own about how a model behaves (they are not in the API's answer, so Cairn
// cannot read them; the fake enforces them the way the real API does).

export type ThinkingType = 'adaptive' | 'enabled' | 'disabled' | 'between_tools'
export type EffortLevel = 'low' | 'medium' | 'high' | 'xhigh' | 'max'

export interface FakeModel {
  id: string
  display_name: string
  created_at?: string
  /** As the real API answers: `line` null and `lifecycle` active unless given. */
  line?: string | null
  lifecycle?: 'active' | 'deprecated' | 'retired'
  deprecated_at?: string | null
  retires_at?: string | null
  /** As the API gives it; null (the default) is a model the API describes nothing of. */
  capabilities?: ModelCapabilities | null
  max_tokens?: number | null
  max_input_tokens?: number | null
  /**
   * The fake's own: each thinking block is bound to everything before it (system, tools, earlier
   * messages and blocks), and one sent back after any of that changed is refused (the newest models).
   */
  bindsThinking?: boolean
  /** The fake's own: a conversation ending in an assistant message (a prefill) is refused. */
  refusesPrefill?: boolean
  /** The fake's own: `thinking.display` when the request leaves it out (newest models: omitted). */
  defaultDisplay?: 'summarized' | 'omitted'
  /**
   * The fake's own (the API's capabilities do not say): false refuses the tool search tool, as
   * the API does for models before it (Opus 4.1 and earlier). Default: taken.
   */
  toolSearch?: boolean
}

const yes = { supported: true }
const no = { supported: false }
const flag = (on: boolean) => (on ? yes : no)

/** A whole `capabilities` object, as the API sends it, from a short description. */
export function capabilities(spec: {
  thinking?: ThinkingType[]
  effort?: EffortLevel[]
  image?: boolean
  pdf?: boolean
  webSearch?: boolean
  codeExecution?: boolean
  contextManagement?: boolean
}): ModelCapabilities {
  const thinking = new Set(spec.thinking ?? ['disabled'])
  const effort = new Set(spec.effort ?? [])
  const context = spec.contextManagement ?? true
  const thinks = thinking.has('adaptive') || thinking.has('enabled')
  return {
    batch: yes,
    citations: yes,
    code_execution: flag(spec.codeExecution ?? false),
    context_management: {
      supported: context,
      clear_thinking_20251015: flag(context && thinks),
      clear_tool_uses_20250919: flag(context),
      compact_20260112: flag(context)
    },
    effort: {
      supported: effort.size > 0,
      low: flag(effort.has('low')),
      medium: flag(effort.has('medium')),
      high: flag(effort.has('high')),
      xhigh: effort.has('xhigh') ? yes : null,
      max: flag(effort.has('max'))
    },
    image_input: flag(spec.image ?? true),
    pdf_input: flag(spec.pdf ?? true),
    server_tools: {
      supported: (spec.webSearch ?? false) || (spec.codeExecution ?? false),
      web_search: flag(spec.webSearch ?? false),
      code_execution: flag(spec.codeExecution ?? false)
    },
    structured_outputs: yes,
    thinking: {
      supported: thinks,
      types: {
        adaptive: flag(thinking.has('adaptive')),
        enabled: flag(thinking.has('enabled')),
        disabled: flag(thinking.has('disabled')),
        between_tools: flag(thinking.has('between_tools'))
      }
    }
  }
}

const M = 1_000_000

/** What the fake lists unless a test says otherwise: the 4.x generation, Sonnet 4.6 newest. */
export const DEFAULT_MODELS: FakeModel[] = [
  {
    id: 'claude-sonnet-4-6',
    display_name: 'Claude Sonnet 4.6',
    created_at: '2026-02-17T00:00:00Z',
    line: 'sonnet',
    capabilities: capabilities({
      thinking: ['adaptive', 'enabled', 'disabled'],
      effort: ['low', 'medium', 'high', 'max'],
      webSearch: true
    }),
    max_tokens: 64_000,
    max_input_tokens: M
  },
  {
    id: 'claude-opus-4-6',
    display_name: 'Claude Opus 4.6',
    created_at: '2026-02-05T00:00:00Z',
    line: 'opus',
    capabilities: capabilities({
      thinking: ['adaptive', 'enabled', 'disabled'],
      effort: ['low', 'medium', 'high', 'max'],
      webSearch: true
    }),
    max_tokens: 128_000,
    max_input_tokens: M
  },
  {
    id: 'claude-haiku-4-5-20251001',
    display_name: 'Claude Haiku 4.5',
    created_at: '2025-10-01T00:00:00Z',
    line: 'haiku',
    capabilities: capabilities({ thinking: ['enabled', 'disabled'], webSearch: true }),
    max_tokens: 64_000,
    max_input_tokens: 200_000
  }
]

const NEWEST = { bindsThinking: true, refusesPrefill: true, defaultDisplay: 'omitted' } as const

/**
 * The newest generation, strict as the real API is with it: thinking bound to its prefix, no
 * prefill, thinking text omitted unless asked for. One model here is known to no table anywhere.
 */
export const NEWEST_MODELS: FakeModel[] = [
  {
    id: 'claude-sonnet-5-5',
    display_name: 'Claude Sonnet 5.5',
    created_at: '2026-10-01T00:00:00Z',
    line: 'sonnet',
    capabilities: capabilities({
      thinking: ['adaptive', 'disabled', 'between_tools'],
      effort: ['low', 'medium', 'high', 'xhigh', 'max'],
      webSearch: true
    }),
    max_tokens: 128_000,
    max_input_tokens: M,
    ...NEWEST
  },
  {
    // Takes thinking off only as `between_tools`.
    id: 'claude-opus-5-5',
    display_name: 'Claude Opus 5.5',
    created_at: '2026-09-15T00:00:00Z',
    line: 'opus',
    capabilities: capabilities({
      thinking: ['adaptive', 'between_tools'],
      effort: ['low', 'medium', 'high', 'xhigh', 'max'],
      webSearch: true
    }),
    max_tokens: 128_000,
    max_input_tokens: M,
    ...NEWEST
  },
  {
    // Always thinks: no way to turn it off.
    id: 'claude-mythos-5-2',
    display_name: 'Claude Mythos 5.2',
    created_at: '2026-08-20T00:00:00Z',
    line: 'mythos',
    capabilities: capabilities({ thinking: ['adaptive'], effort: ['medium', 'high', 'max'] }),
    max_tokens: 64_000,
    max_input_tokens: M,
    ...NEWEST
  },
  {
    // Known to no table in Cairn: a new line, new limits, new levels.
    id: 'claude-quill-1',
    display_name: 'Claude Quill 1',
    created_at: '2026-11-01T00:00:00Z',
    line: null,
    capabilities: capabilities({
      thinking: ['adaptive', 'disabled'],
      effort: ['low', 'medium', 'high'],
      webSearch: false
    }),
    max_tokens: 16_000,
    max_input_tokens: 400_000,
    ...NEWEST
  },
  {
    id: 'claude-haiku-4-5-20251001',
    display_name: 'Claude Haiku 4.5',
    created_at: '2025-10-01T00:00:00Z',
    line: 'haiku',
    lifecycle: 'deprecated',
    deprecated_at: '2026-10-15T00:00:00Z',
    retires_at: '2027-04-15T00:00:00Z',
    capabilities: capabilities({ thinking: ['enabled', 'disabled'], webSearch: true }),
    max_tokens: 64_000,
    max_input_tokens: 200_000
  },
  {
    // Retired: listed only when asked for (`lifecycle=retired`), refused on /v1/messages.
    id: 'claude-sonnet-4-5',
    display_name: 'Claude Sonnet 4.5',
    created_at: '2025-09-29T00:00:00Z',
    line: 'sonnet',
    lifecycle: 'retired',
    deprecated_at: '2026-05-01T00:00:00Z',
    retires_at: '2026-09-29T00:00:00Z',
    capabilities: capabilities({ thinking: ['enabled', 'disabled'] }),
    max_tokens: 64_000,
    max_input_tokens: 200_000
  }
]

/** A model as GET /v1/models answers it. */
export function modelInfo(m: FakeModel) {
  return {
    type: 'model' as const,
    id: m.id,
    display_name: m.display_name,
    created_at: m.created_at ?? '2025-01-01T00:00:00Z',
    capabilities: m.capabilities ?? null,
    line: m.line ?? null,
    lifecycle: m.lifecycle ?? 'active',
    deprecated_at: m.deprecated_at ?? null,
    retires_at: m.retires_at ?? null,
    max_input_tokens: m.max_input_tokens ?? null,
    max_tokens: m.max_tokens ?? null
  }
}

/** A page of GET /v1/models: retired models only when asked for (`lifecycle`), as the API does. */
export function modelPage(models: FakeModel[], query: Record<string, string>, asked: string[]) {
  const limit = Math.max(1, Math.min(1000, Number(query.limit ?? 20) || 20))
  const stages = asked.length > 0 ? asked.flatMap((s) => s.split(',')) : ['active', 'deprecated']
  let list = models.filter((m) => stages.includes(m.lifecycle ?? 'active'))
  if (query.after_id) {
    const at = list.findIndex((m) => m.id === query.after_id)
    list = list.slice(at + 1)
  }
  const data = list.slice(0, limit).map(modelInfo)
  return {
    data,
    has_more: list.length > limit,
    first_id: data[0]?.id ?? null,
    last_id: data[data.length - 1]?.id ?? null
  }
}
