import type { KeptPlace } from '@shared/memory/history'

// What a file under the data folder is, for the user (issue 35): named, never a host path, with
// what would take a forgotten text out of it. The memory engine names its own folders.

export const mask = (name: string, text: string): string => name.split(text).join('•••')

/** A file (relative to the data folder) that holds the text and that no service answered for. */
export function dataPlace(rel: string, text: string): KeptPlace {
  const [top] = rel.split('/')
  const other = (name: string, advice: string): KeptPlace => ({
    kind: 'other',
    name: mask(name, text),
    advice
  })
  if (top === 'sync-state')
    return other(
      'Sync state',
      "Sync's record of your files names it (a file name holds it): rename that file, and the next sync round records the new name."
    )
  if (rel === 'settings.json')
    return other('Settings', 'A setting holds it (your instructions?): change it in Settings.')
  if (top === 'attachments')
    return other(
      'A file attached in a chat',
      'Delete the conversation that sent it; its attached files go with it.'
    )
  if (top === 'conversations')
    return other(
      `Conversations folder: ${rel.slice('conversations/'.length)}`,
      'Cairn could not read this file as a conversation: delete it by hand.'
    )
  return other(`Data folder: ${rel}`, 'Cairn does not know this file: delete it by hand.')
}

/** A file in the logs folder that holds the text: a log Forget can mask, or another file. */
export function logPlace(rel: string, text: string): KeptPlace {
  if (/^[\w.-]+\.log$/.test(rel)) return { kind: 'log', name: rel }
  if (rel.startsWith('crash-dumps/'))
    return {
      kind: 'other',
      name: 'Crash report',
      advice: 'A crash report holds what Cairn had in memory when it crashed: delete it by hand.'
    }
  return {
    kind: 'other',
    name: mask(`Logs folder: ${rel}`, text),
    advice: 'Cairn does not know this file: delete it by hand.'
  }
}
