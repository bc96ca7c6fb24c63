import { z } from 'zod'

/*
 * Web search and web fetch: Anthropic's server tools (`web_search_20260318`,
 * `web_fetch_20260318` in SDK 1.12), per chat and off by default, offered only where the model's
 * capabilities list web search (`server_tools.web_search`; the API lists no separate flag for
 * fetch). Anthropic runs them; Cairn lists them, keeps what comes back and shows it with its sources.
 */

/** A chat's web tools; absent: both off. */
export const WebToolsSchema = z.object({ search: z.boolean(), fetch: z.boolean() })
export type WebTools = z.infer<typeof WebToolsSchema>

/** What Anthropic charges per web search, in US dollars (web fetch costs only its tokens). */
export const WEB_SEARCH_USD_PER_1000 = 10
