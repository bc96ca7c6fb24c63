import { z } from 'zod'

/*
 * Web search and web fetch: Anthropic's server tools (`web_search_20260318`,
 * `web_fetch_20260318` in SDK 1.12), per chat and off by default, offered only where the model's
 * capabilities list web search (`server_tools.web_search`; the API lists no separate flag for
 * fetch). Anthropic runs them; Cairn lists them, keeps what comes back and shows it with its sources.
 */

export const WEB_DOMAINS_MAX = 100

/** A site as the tools take it: a host name, optionally with a path (`docs.example.com/api`). */
export const WebDomainSchema = z
  .string({ error: 'a site must be text' })
  .trim()
  .min(1, { error: 'a site cannot be empty' })
  .max(253, { error: 'a site can be at most 253 characters' })
  .regex(
    /^(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?:\/\S*)?$/i,
    {
      error: 'a site is a name like example.com or docs.example.com/guide (no https://)'
    }
  )

export const WebDomainListSchema = z
  .array(WebDomainSchema)
  .max(WEB_DOMAINS_MAX, { error: `at most ${WEB_DOMAINS_MAX} sites` })

/** A chat's web tools; absent: both off. */
export const WebToolsSchema = z.object({ search: z.boolean(), fetch: z.boolean() })
export type WebTools = z.infer<typeof WebToolsSchema>

/** What Anthropic charges per web search, in US dollars (web fetch costs only its tokens). */
export const WEB_SEARCH_USD_PER_1000 = 10
