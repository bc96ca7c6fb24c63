import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import type { McpServerConfig } from '@shared/mcp/servers'
import { captureLogger, useTempDir } from '../../__tests__/helpers'
import { createAttachmentService } from '../../chat/attachments'
import type { McpHub } from '../hub'
import { promptCalls, promptText } from '../prompts'
import { resourceCalls } from '../resources'
import { EVERYTHING_BIN, makeHub, stdioConfig, waitForStatus } from './mcp-test-kit'
import { writePromptFixture } from './prompt-fixture'

// Prompts and resources from real servers over stdio: server-everything, and a fixture server
// for what it cannot be asked for on cue (assistant turns, a huge prompt, images, list changes).
const node = process.execPath
const tempDir = useTempDir('cairn-mcp-prompts-')
let hub: McpHub | undefined
afterEach(async () => {
  await hub?.dispose()
  hub = undefined
})

async function connect(...configs: McpServerConfig[]) {
  hub = makeHub(join(tempDir(), 'logs'))
  hub.configure(configs)
  for (const c of configs) await waitForStatus(hub, c.id, (s) => s.state === 'connected')
  const live = hub
  const deps = { servers: () => configs, features: (id: string) => live.features(id) }
  return { ...promptCalls(deps), ...resourceCalls(deps) }
}
const everything = () =>
  stdioConfig('everything', node, [EVERYTHING_BIN, 'stdio'], { name: 'Everything' })
const fixture = async () =>
  stdioConfig('fixture', node, [await writePromptFixture(tempDir())], { name: 'Fixture' })
const attachments = () =>
  createAttachmentService({ dir: join(tempDir(), 'data'), logger: captureLogger().logger })

async function refusal(work: Promise<unknown>): Promise<CairnError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(CairnError)
  return error as CairnError
}

describe('MCP prompts', () => {
  it('lists server-everything’s prompts with their arguments, and fills one in', async () => {
    const calls = await connect(everything())
    const { prompts, problems } = await calls.listPrompts([])
    expect(problems).toEqual([])
    expect(prompts.find((p) => p.name === 'simple-prompt')).toMatchObject({
      server: 'everything',
      serverName: 'Everything',
      title: 'Simple Prompt',
      arguments: []
    })
    expect(prompts.find((p) => p.name === 'args-prompt')?.arguments).toEqual([
      { name: 'city', description: 'Name of the city', required: true },
      // Its optional argument loses its description on the way (zod's .describe().optional()).
      { name: 'state', required: false }
    ])
    expect(await calls.getPrompt('everything', 'args-prompt', { city: 'Lyon' })).toEqual({
      text: 'What’s weather in Lyon?'.replace('’', "'")
    })
    expect(await calls.getPrompt('everything', 'simple-prompt', {})).toEqual({
      text: 'This is a simple prompt without arguments.'
    })
  })

  it('folds an embedded resource into the text, after the message that introduces it', async () => {
    const calls = await connect(everything())
    const { text } = await calls.getPrompt('everything', 'resource-prompt', {
      resourceType: 'Text',
      resourceId: '2'
    })
    expect(text).toMatch(
      /^This prompt includes the Text resource with id: 2\. Please analyze the following resource:\n\n\[resource demo:\/\/resource\/dynamic\/text\/2\]\nResource 2: This is a plaintext resource/
    )
  })

  it('says which server refused which prompt, and what to do, when arguments are missing or wrong', async () => {
    const calls = await connect(everything())
    const missing = await refusal(calls.getPrompt('everything', 'args-prompt', {}))
    expect(missing.code).toBe('MCP_REQUEST_FAILED')
    expect(missing.detail).toMatch(/^Everything refused the prompt "args-prompt": .*city/)
    expect(missing.detail).toMatch(/Check the values you gave it and try again\.$/)
    const wrong = await refusal(
      calls.getPrompt('everything', 'resource-prompt', { resourceType: 'Sound', resourceId: '1' })
    )
    expect(wrong.detail).toContain('Invalid resourceType')
  })

  it('tells a server that is gone or removed apart, with the next step', async () => {
    const calls = await connect(everything())
    const removed = await refusal(calls.getPrompt('nowhere', 'simple-prompt', {}))
    expect(removed.code).toBe('MCP_NOT_FOUND')
    expect(removed.detail).toContain('Settings → Tools')
    // The server stops (as if it crashed and never came back): "not connected", and where to look.
    hub!.configure([{ ...everything(), enabled: false }])
    const gone = await refusal(calls.getPrompt('everything', 'simple-prompt', {}))
    expect(gone.detail).toMatch(/^Everything is turned off in Settings → Tools/)
  })

  it('lists only the servers on for the chat, and names a server that is not connected', async () => {
    const calls = await connect(everything(), await fixture())
    const all = await calls.listPrompts([])
    expect(new Set(all.prompts.map((p) => p.server))).toEqual(new Set(['everything', 'fixture']))
    const some = await calls.listPrompts(['everything'])
    expect(new Set(some.prompts.map((p) => p.server))).toEqual(new Set(['fixture']))
    // A server configured but not running: its prompts are missing, and the list says why.
    hub!.configure([everything(), { ...(await fixture()), enabled: false }])
    const deps = {
      servers: () => [everything(), stdioConfig('late', node, ['-e', ''], { name: 'Late' })],
      features: (id: string) => hub!.features(id)
    }
    const late = await promptCalls(deps).listPrompts([])
    expect(late.problems).toEqual([expect.stringContaining('no MCP server "late"')])
    expect(late.prompts.length).toBeGreaterThan(0)
  })

  it('keeps the list current when the server says its prompts changed', async () => {
    const calls = await connect(await fixture())
    const before = await calls.listPrompts([])
    expect(before.prompts.map((p) => p.name)).not.toContain('added')
    await hub!.callTool('fixture', 'add-prompt', {}, { signal: new AbortController().signal })
    // Waits on the list itself: read again on each change the hub tells.
    const after = await waitForList(
      () => calls.listPrompts([]),
      (l) => l.prompts.some((p) => p.name === 'added')
    )
    expect(after.prompts.find((p) => p.name === 'added')).toMatchObject({ title: 'Added later' })
  })

  it('keeps who says what in a prompt with assistant turns, and cuts a huge one with a note', async () => {
    const calls = await connect(await fixture())
    expect((await calls.getPrompt('fixture', 'dialogue', {})).text).toBe(
      'User:\nName a colour.\n\nAssistant:\nBlue.\n\nUser:\nAnother one?'
    )
    const huge = (await calls.getPrompt('fixture', 'huge', {})).text
    expect(huge.startsWith('x'.repeat(50_000) + '\n\n[Cairn cut this prompt: 10,000 more')).toBe(
      true
    )
    // Markup is text like any other (the composer shows it as typed, never as HTML).
    expect((await calls.getPrompt('fixture', 'greet', { who: 'Ada' })).text).toBe(
      '<b>Hello</b> Ada'
    )
  })
})

describe('promptText', () => {
  it('joins user messages with a blank line and names parts that are not text', () => {
    expect(
      promptText([
        { role: 'user', content: { type: 'text', text: 'One' } },
        { role: 'user', content: { type: 'image', mimeType: 'image/png', data: 'AAAA' } }
      ])
    ).toBe('One\n\n[image (image/png) not shown: Cairn passes on text only]')
  })
})

describe('MCP resources', () => {
  it('lists server-everything’s resources (not its templates) and attaches one as text', async () => {
    const calls = await connect(everything())
    const { resources, problems } = await calls.listResources([])
    expect(problems).toEqual([])
    const uri = 'demo://resource/static/document/features.md'
    expect(resources.find((r) => r.uri === uri)).toMatchObject({
      server: 'everything',
      serverName: 'Everything',
      name: 'features.md',
      mimeType: 'text/markdown'
    })
    expect(resources.some((r) => r.uri.includes('{resourceId}'))).toBe(false)
    const files = attachments()
    const { added, refused } = await calls.attachResource('everything', uri, files.addFile)
    expect(refused).toEqual([])
    expect(added).toEqual([
      expect.objectContaining({
        attachment: expect.objectContaining({
          kind: 'text',
          mediaType: 'text/plain',
          name: `Everything · ${uri}`
        })
      })
    ])
  })

  it('attaches an image resource as an image, and refuses other bytes with the reason', async () => {
    const calls = await connect(await fixture())
    const files = attachments()
    const image = await calls.attachResource('fixture', 'fixture://pixel.png', files.addFile)
    expect(image.added[0]?.attachment).toMatchObject({
      kind: 'image',
      mediaType: 'image/png',
      width: 1,
      height: 1
    })
    expect(image.added[0]?.thumbnail).toMatch(/^data:image\//)
    const bytes = await calls.attachResource('fixture', 'fixture://bytes.bin', files.addFile)
    expect(bytes.added).toEqual([])
    expect(bytes.refused).toEqual([
      {
        name: 'Fixture · fixture://bytes.bin',
        message: expect.stringMatching(
          /^“Fixture · fixture:\/\/bytes\.bin” is not a file type Cairn knows\. Cairn can attach PNG/
        )
      }
    ])
  })

  it('says so when a server cannot read the resource', async () => {
    const calls = await connect(everything())
    const error = await refusal(
      calls.attachResource('everything', 'demo://resource/nothing-here', attachments().addFile)
    )
    expect(error.code).toBe('MCP_REQUEST_FAILED')
    expect(error.detail).toMatch(
      /^Everything refused the resource demo:\/\/resource\/nothing-here: .*Try again, or pick another resource\.$/
    )
  })
})

/** Reads `list` now and after each hub change until `done` accepts it. */
function waitForList<T>(list: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    let reading = false
    let again = false
    const check = (): void => {
      if (reading) {
        again = true
        return
      }
      reading = true
      list().then((value) => {
        reading = false
        if (done(value)) {
          off()
          resolve(value)
        } else if (again) {
          again = false
          check()
        }
      }, reject)
    }
    const off = hub!.onChange(check)
    check()
  })
}
