import { z } from 'zod'
import { AppLinkSchema } from './app-links'

/** What the page takes from main's link inbox: a cairn:// link from outside, or the app's own ask. */
export const IncomingLinkSchema = z.strictObject({
  /** `link`: from outside, confirmed in the page before it changes anything. `app`: the tray. */
  origin: z.enum(['link', 'app']),
  link: AppLinkSchema
})
export type IncomingLink = z.infer<typeof IncomingLinkSchema>

export const TakeLinksOutputSchema = z.object({ links: z.array(IncomingLinkSchema).max(10) })

/** Settings → About: a text summary of the newest crash dumps (never the dumps themselves). */
export const CrashReportSchema = z.object({
  /** How many dumps the summary covers (0: none found, `text` says so). */
  count: z.number().int().min(0),
  total: z.number().int().min(0),
  text: z.string()
})
export type CrashReport = z.infer<typeof CrashReportSchema>
