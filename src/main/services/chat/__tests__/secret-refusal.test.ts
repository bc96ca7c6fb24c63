import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { memory, reply, text } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { bodyOf, converse, expectValidRequests, startRig, type ChatRig } from './harness'

// Nothing refused is kept or re-sent: when the guard refuses one of Claude's memory commands for
// a secret, the secret leaves the tool call too, before the conversation is written; else it sits
// in the saved file and goes back to the API with every later request.

const tempDir = useTempDir('cairn-secret-refusal-')

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
function anthropicKey(seed: number): string {
  let body = ''
  for (let i = 0; i < 93; i++) body += B64URL[(seed * 7919 + i * 104729 + i * i * 31) % 64]
  return `sk-ant-api03-${body}AA`
}

const ANTHROPIC_KEY = anthropicKey(3)
const AWS_ID = 'AKIAQYLPMN5HHHFPZAM2'
const AWS_SECRET = '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'
const SECRETS = [ANTHROPIC_KEY, AWS_ID, AWS_SECRET]

/** Every file the chat service keeps, as one text. */
async function savedText(rig: ChatRig): Promise<string> {
  const root = join(rig.dir, 'user-data')
  const names = await readdir(root, { recursive: true, withFileTypes: true })
  const files = names.filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name))
  return (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n')
}

describe('a memory command refused for a secret', () => {
  test('the secret leaves the tool call: not on disk, not sent again, a marker in its place', async () => {
    const rig = await startRig(tempDir())
    const create = {
      command: 'create',
      path: '/memories/keys.md',
      file_text: `# Keys\nanthropic: ${ANTHROPIC_KEY}\naws_access_key_id = ${AWS_ID}\naws_secret_access_key = "${AWS_SECRET}"\n`
    }
    rig.fake.script(
      reply([text('Saving your keys.'), memory(create, 'toolu_keys')]),
      reply('I will not keep those.'),
      reply('Noted.')
    )
    const first = await converse(rig, 'Remember my keys.')
    expect(first.end.payload).toMatchObject({ status: 'complete' })

    // The engine refused: nothing written, Claude told why.
    const result = bodyOf(rig.fake, 1)
      .messages.at(-1)
      ?.content.find((b) => b.type === 'tool_result')
    expect(result).toMatchObject({ tool_use_id: 'toolu_keys', is_error: true })
    expect(String(result?.content)).toMatch(/^Error: Refused: contains /)
    await expect(readdir(rig.memoryRoot)).resolves.not.toContain('keys.md')

    // A later turn in the same conversation sends the history once more.
    await converse(rig, 'Thanks.', first.conversationId)
    const requests = rig.fake.messageRequests()
    expect(requests).toHaveLength(3)

    const saved = await savedText(rig)
    for (const [i, request] of requests.entries()) {
      const body = JSON.stringify(request.body)
      for (const secret of SECRETS) {
        expect(saved, 'the saved conversation').not.toContain(secret)
        if (i > 0) expect(body, `request #${i}`).not.toContain(secret)
      }
    }

    // The tool call keeps its shape, each secret now a marker.
    const call = bodyOf(rig.fake, 2)
      .messages.flatMap((m) => m.content)
      .find((b) => b.type === 'tool_use' && b.id === 'toolu_keys')
    expect(call?.input).toEqual({
      command: 'create',
      path: '/memories/keys.md',
      file_text:
        '# Keys\nanthropic: [redacted: Anthropic API key]\naws_access_key_id = [redacted: AWS access key]\naws_secret_access_key = "[redacted: AWS secret access key]"\n'
    })
    expect(saved).toContain('[redacted: Anthropic API key]')
    expectValidRequests(rig.fake)
  })

  test('a name refused for a key: the paths of the tool call lose it too', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(
      reply([
        memory({ command: 'create', path: `/memories/notes-${ANTHROPIC_KEY}.md`, file_text: 'x' }),
        memory({ command: 'create', path: '/memories/plain.md', file_text: 'plain\n' }),
        memory({
          command: 'rename',
          old_path: '/memories/plain.md',
          new_path: `/memories/${AWS_ID}.md`
        })
      ]),
      reply('I will pick other names.')
    )
    await converse(rig, 'Remember my keys.')
    const results = bodyOf(rig.fake, 1)
      .messages.at(-1)
      ?.content.filter((b) => b.type === 'tool_result')
    expect(results?.map((r) => r.is_error)).toEqual([true, false, true])
    const calls = bodyOf(rig.fake, 1)
      .messages.flatMap((m) => m.content)
      .filter((b) => b.type === 'tool_use')
    expect(calls.map((c) => c.input)).toEqual([
      {
        command: 'create',
        path: '/memories/notes-[redacted: Anthropic API key].md',
        file_text: 'x'
      },
      { command: 'create', path: '/memories/plain.md', file_text: 'plain\n' },
      {
        command: 'rename',
        old_path: '/memories/plain.md',
        new_path: '/memories/[redacted: AWS access key].md'
      }
    ])
    const saved = await savedText(rig)
    for (const secret of [ANTHROPIC_KEY, AWS_ID]) {
      expect(saved).not.toContain(secret)
      expect(JSON.stringify(bodyOf(rig.fake, 1))).not.toContain(secret)
    }
  })

  test('an edit that completes a key already half in the file: its text leaves the call whole', async () => {
    const rig = await startRig(tempDir())
    await rig.store.create({ path: '/memories/aws.md', content: `id: ${AWS_ID.slice(0, 12)}\n` })
    const edit = {
      command: 'str_replace',
      path: '/memories/aws.md',
      old_str: 'N5H',
      new_str: `N5H${AWS_ID.slice(12)}`
    }
    rig.fake.script(reply([memory(edit, 'toolu_half')]), reply('I will not keep it.'))
    await converse(rig, 'Finish my key id.')
    const result = bodyOf(rig.fake, 1)
      .messages.at(-1)
      ?.content.find((b) => b.type === 'tool_result')
    expect(String(result?.content)).toMatch(/^Error: Refused: contains an AWS access key/)
    const call = bodyOf(rig.fake, 1)
      .messages.flatMap((m) => m.content)
      .find((b) => b.type === 'tool_use' && b.id === 'toolu_half')
    expect(call?.input).toEqual({
      ...edit,
      old_str: '[redacted: part of a secret]',
      new_str: '[redacted: part of a secret]'
    })
    expect(await savedText(rig)).not.toContain(AWS_ID.slice(12))
  })

  test('redact mode: the file and the tool call both hold the marker, never the key', async () => {
    const rig = await startRig(tempDir())
    rig.store.updateSecretGuard({ mode: 'redact' })
    const create = {
      command: 'create',
      path: '/memories/keys.md',
      file_text: `# Keys\nanthropic: ${ANTHROPIC_KEY}\n`
    }
    rig.fake.script(reply([memory(create, 'toolu_keys')]), reply('Saved without the key.'))
    await converse(rig, 'Remember my key.')
    const file = await readFile(join(rig.memoryRoot, 'keys.md'), 'utf8')
    expect(file).toBe('# Keys\nanthropic: [redacted: Anthropic API key]\n')
    expect(await savedText(rig)).not.toContain(ANTHROPIC_KEY)
    expect(JSON.stringify(bodyOf(rig.fake, 1))).not.toContain(ANTHROPIC_KEY)
    expect(JSON.stringify(bodyOf(rig.fake, 1))).toContain('[redacted: Anthropic API key]')
  })
})
