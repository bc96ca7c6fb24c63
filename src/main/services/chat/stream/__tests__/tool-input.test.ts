import { describe, expect, test } from 'vitest'
import { nestingDepth, readToolInput, TOOL_INPUT_MAX_DEPTH } from '../tool-input'

const nested = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1)

describe('tool input', () => {
  test.each([
    [1, 0],
    [{}, 1],
    [{ a: 1, b: 'x' }, 1],
    [{ a: [1, { b: [] }] }, 4],
    [{ a: {}, b: { c: { d: {} } } }, 4]
  ])('nestingDepth(%j) is %i', (value, depth) => {
    expect(nestingDepth(value)).toBe(depth)
  })

  test('measuring 200,000 levels does not overflow the stack', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000)
    expect(nestingDepth(JSON.parse(deep))).toBe(200_000)
  })

  test('the limit itself is accepted; one more level is refused with its depth', () => {
    expect(readToolInput(nested(TOOL_INPUT_MAX_DEPTH))).toMatchObject({ ok: true })
    expect(readToolInput(nested(TOOL_INPUT_MAX_DEPTH + 1))).toEqual({
      ok: false,
      error: `Error: The tool input nests ${TOOL_INPUT_MAX_DEPTH + 1} levels deep; the limit is ${TOOL_INPUT_MAX_DEPTH}. Send a flat object as the memory tool's spec describes.`
    })
  })

  test('what is not a JSON object is refused as before', () => {
    expect(readToolInput('')).toEqual({ ok: true, value: {} })
    expect(readToolInput('{"command":')).toEqual({
      ok: false,
      error: 'Error: the tool input was not valid JSON. Send the command again as a JSON object.'
    })
    expect(readToolInput('[1]')).toEqual({
      ok: false,
      error: 'Error: the tool input was not a JSON object. Send the command again as a JSON object.'
    })
  })
})
