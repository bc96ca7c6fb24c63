import type { Conversation } from '@shared/chat/chat'
import type { Settings } from '@shared/app/settings'
import type { ToolProvider } from '../provider'

/*
 * Web search and web fetch: Anthropic's server tools, run by the API inside the reply (their
 * calls and results arrive as blocks of the answer), so Cairn runs nothing here. Listed where
 * the chat turned them on and the model's capabilities list web search, limited to the sites
 * Settings allow (or away from those it blocks; the API takes one list or the other).
 */
export function webProvider(
  conversation: Partial<Pick<Conversation, 'web'>>,
  settings: Pick<Settings, 'webAllowedDomains' | 'webBlockedDomains'>
): ToolProvider {
  return {
    id: 'web',
    offer(model) {
      const web = conversation.web
      if (!web || !model?.caps?.webSearch) return { definitions: [] }
      const domains =
        settings.webAllowedDomains.length > 0
          ? { allowed_domains: [...settings.webAllowedDomains] }
          : settings.webBlockedDomains.length > 0
            ? { blocked_domains: [...settings.webBlockedDomains] }
            : {}
      return {
        definitions: [
          ...(web.search
            ? [{ type: 'web_search_20260318' as const, name: 'web_search' as const, ...domains }]
            : []),
          ...(web.fetch
            ? [
                {
                  type: 'web_fetch_20260318' as const,
                  name: 'web_fetch' as const,
                  citations: { enabled: true },
                  ...domains
                }
              ]
            : [])
        ]
      }
    },
    runs: () => false,
    describe: (call) => ({ action: call.name, target: null }),
    run: async (call) => ({
      content: `Error: ${call.name} runs at Anthropic, not in Cairn.`,
      is_error: true
    })
  }
}
