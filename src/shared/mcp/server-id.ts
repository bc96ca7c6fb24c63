import { z } from 'zod'

// A server's id sits below the chat's contract: a chat names the servers it turns off.

/** A server's id: a slug, so it can name a log file and prefix a tool name safely. */
export const McpServerIdSchema = z
  .string({ error: 'a server id must be text' })
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, {
    error: 'a server id is lower-case letters, digits and dashes (like my-server), up to 64'
  })
