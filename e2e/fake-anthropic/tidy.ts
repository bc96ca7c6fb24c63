import { memory, reply, text, type Gate, type MessageReply, type Reply } from './script'

// A scripted tidy (issue 39) for the fake API: a messy memory folder with known facts, and
// Claude's session over it: a view, a merge of two addresses, a delete of the duplicate, a
// rename, then an edit of the renamed file (which only works on an overlay that composes), and
// a closing summary. Each change comes after a line saying why, as the tidy prompt asks.

/** The folder the session expects (paths under /memories → text). */
export const MESSY_MEMORY: Record<string, string> = {
  'contacts.md': '# Contacts\n- Alice: 1 Old Road (until 2026-02)\n- Bob: 7 Mill Lane\n',
  'people.md': '# People\n- Alice: 5 New Street (moved 2026-03)\n',
  'notes.md': '# Notes\n- Project Kestrel ships in June\n- stale: call Bob about the 2024 party\n',
  'keep/untouched.md': 'Nothing to tidy here.\r\n'
}

/** The five answers of the session, in order: `fake.script(...tidyReplies())`. */
export function tidyReplies(): Reply[] {
  return [
    reply([
      text('Let me look at the folder first.'),
      memory({ command: 'view', path: '/memories' })
    ]),
    reply([
      text('people.md has a newer address for Alice than contacts.md.\nUse the newer address.'),
      memory({
        command: 'str_replace',
        path: '/memories/contacts.md',
        old_str: '- Alice: 1 Old Road (until 2026-02)',
        new_str: '- Alice: 5 New Street (moved 2026-03)'
      }),
      text('people.md only repeats what contacts.md now holds.'),
      memory({ command: 'delete', path: '/memories/people.md' })
    ]),
    reply([
      text('notes.md holds work notes; the name should say so.'),
      memory({
        command: 'rename',
        old_path: '/memories/notes.md',
        new_path: '/memories/work/projects.md'
      })
    ]),
    reply([
      text('The 2024 party is long past.'),
      memory({
        command: 'str_replace',
        path: '/memories/work/projects.md',
        old_str: '- stale: call Bob about the 2024 party\n',
        new_str: ''
      }),
      memory({ command: 'view', path: '/memories/work/projects.md' })
    ]),
    reply(
      'Merged the two addresses into contacts.md, renamed notes.md to work/projects.md and dropped a stale note.'
    )
  ]
}

/**
 * The same session held after its first two changes: the third answer waits for `gate` (the
 * session is `working` with 2 changes until the test releases it).
 */
export function heldTidyReplies(gate: Gate): Reply[] {
  const replies = tidyReplies()
  const third = replies[2] as MessageReply
  replies[2] = { ...third, fault: { kind: 'hold', gate, afterDeltas: 0 } }
  return replies
}

/**
 * The same tidy as one answer (a batch request is one turn): every change after its reason, the
 * edit of the renamed file after the rename (it only plans on an overlay that composes), then the
 * summary. The live session's views and its "let me look" have no place in one answer.
 */
export function tidyBatchReply(): Reply {
  const blocks = tidyReplies()
    .slice(1)
    .flatMap((r) => (typeof r === 'object' && r.kind !== 'error' ? r.content : []))
  return reply(blocks.filter((b) => b.type !== 'tool_use' || b.input.command !== 'view'))
}
