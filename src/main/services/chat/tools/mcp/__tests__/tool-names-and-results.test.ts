import { describe, expect, test } from 'vitest'
import { DESCRIPTION_MAX, mcpProvider } from '../mcp-provider'
import { apiToolName } from '../tool-names'
import { TOOL_RESULT_IMAGES_MAX } from '@shared/chat/chat'
import { capped, MCP_RESULT_MAX_CHARS, resultContent, resultText } from '../tool-result'

describe('MCP tool names as the API takes them', () => {
  test('server and tool kept apart, characters the API refuses made safe', () => {
    expect(apiToolName('everything', 'echo')).toBe('mcp__everything__echo')
    expect(apiToolName('my server', 'get.weather/now')).toBe('mcp__my_server__get_weather_now')
  })

  test('a long name stays within 64 characters and one name per tool', () => {
    const a = apiToolName(
      'a-server-with-a-rather-long-name',
      'and-a-tool-with-an-even-longer-name-1'
    )
    const b = apiToolName(
      'a-server-with-a-rather-long-name',
      'and-a-tool-with-an-even-longer-name-2'
    )
    expect(a).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    expect(b).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    expect(a).not.toBe(b)
  })
})

describe('MCP results as text for Claude', () => {
  test('text parts joined; other parts named, never passed as markup', () => {
    expect(
      resultText([
        { type: 'text', text: 'Hello' },
        { type: 'image', mimeType: 'image/png', data: 'AAAA' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'inside' } },
        { type: 'resource_link', name: 'b', uri: 'file:///b.txt' }
      ])
    ).toBe(
      'Hello\n\n[image (image/png) not shown: Cairn passes on text only]\n\n[resource file:///a.txt]\ninside\n\n[resource: b file:///b.txt]'
    )
    expect(resultText([], { temperature: 21 })).toBe('{"temperature":21}')
    expect(resultText([])).toBe('(The tool returned nothing.)')
  })

  test('a result over the cap is cut, and Claude is told by how much', () => {
    const text = capped('x'.repeat(MCP_RESULT_MAX_CHARS + 1234))
    expect(
      text.startsWith('x'.repeat(MCP_RESULT_MAX_CHARS) + '\n\n[Cairn cut this result: 1,234 more')
    ).toBe(true)
    expect(capped('short')).toBe('short')
  })
})

describe('what a server says is listed within bounds', () => {
  test('a tool description is cut at DESCRIPTION_MAX; the name is the safe API name', () => {
    const provider = mcpProvider({
      server: { id: 'big', name: 'Big' },
      source: {
        tools: () => [
          { server: 'big', name: 'say it all', description: 'x'.repeat(9_000), inputSchema: {} }
        ],
        callTool: async () => ({ content: [], isError: false })
      },
      approvalOf: () => 'ask',
      allowedInChat: new Set()
    })
    const [tool] = provider.offer(null).definitions as Array<{ name: string; description: string }>
    expect(tool?.name).toBe('mcp__big__say_it_all')
    expect(tool?.description).toHaveLength(DESCRIPTION_MAX)
  })
})

describe("an MCP result's images", () => {
  const png = (n: number) => ({ type: 'image', mimeType: 'image/png', data: `aW1hZ2Ug${n}` })
  const kept = (name: string) =>
    ({
      attachment: { type: 'attachment', hash: 'a'.repeat(64), kind: 'image', name },
      thumbnail: null,
      note: null
    }) as never

  test('each is kept through the attachment checks and named where it stood; a refused one says why', async () => {
    const names: string[] = []
    const keep = async (name: string) => {
      names.push(name)
      if (names.length === 2) throw new Error('“image 2.png” is not an image Claude can read.')
      return kept(name)
    }
    const { text, images } = await resultContent(
      [{ type: 'text', text: 'Two pictures' }, png(1), png(2)],
      undefined,
      keep
    )
    expect(images).toHaveLength(1)
    expect(text).toBe(
      'Two pictures\n\n[image 1: attached after this text]\n\n[image 2 not shown: “image 2.png” is not an image Claude can read.]'
    )
  })

  test(`no more than ${TOOL_RESULT_IMAGES_MAX} are kept; without a store they are only named`, async () => {
    const many = Array.from({ length: TOOL_RESULT_IMAGES_MAX + 2 }, (_, i) => png(i))
    const { images, text } = await resultContent(many, undefined, async (name) => kept(name))
    expect(images).toHaveLength(TOOL_RESULT_IMAGES_MAX)
    expect(text).toContain(
      `not shown: Cairn passes on ${TOOL_RESULT_IMAGES_MAX} images of a result`
    )
    const none = await resultContent([png(1)], undefined, undefined)
    expect(none).toEqual({
      images: [],
      text: '[image (image/png) not shown: Cairn passes on text only]'
    })
  })
})
