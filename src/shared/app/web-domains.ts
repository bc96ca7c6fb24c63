import { z } from 'zod'

// The sites the web tools may (or may not) use: lists in the settings and in a chat's options
// (chat/web-tools.ts holds the tools themselves).

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
