import { z } from 'zod'

/** A call that takes nothing (the page sends `undefined`). */
export const NoInput = z.undefined({ error: 'this call takes no input' })
