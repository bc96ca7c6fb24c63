/*
 * A tool call's input as the stream delivered it (JSON text), turned into the object the tool
 * runs with, or into the error Claude is sent instead. JSON.parse copes with any depth, but
 * JSON.stringify, structuredClone and zod recurse: an input nested thousands of levels deep
 * would make the conversation impossible to save or send again. The memory tool's commands are
 * flat objects, so a bound far above anything real refuses only nonsense.
 */

export const TOOL_INPUT_MAX_DEPTH = 64

export type ToolInput =
  | { ok: true; value: Record<string, unknown> }
  /** `error` is the tool result Claude gets; the call is stored with an empty input. */
  | { ok: false; error: string }

export function readToolInput(json: string): ToolInput {
  let value: unknown
  try {
    value = JSON.parse(json.length > 0 ? json : '{}')
  } catch {
    return refused('the tool input was not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return refused('the tool input was not a JSON object')
  const depth = nestingDepth(value)
  if (depth > TOOL_INPUT_MAX_DEPTH)
    return {
      ok: false,
      error: `Error: The tool input nests ${depth} levels deep; the limit is ${TOOL_INPUT_MAX_DEPTH}. Send a flat object as the memory tool's spec describes.`
    }
  return { ok: true, value: value as Record<string, unknown> }
}

const refused = (why: string): ToolInput => ({
  ok: false,
  error: `Error: ${why}. Send the command again as a JSON object.`
})

/**
 * How many objects and arrays sit one inside the other at the deepest point (`{}` is 1, a
 * scalar 0). Walks with its own stack, never by recursion, so measuring cannot overflow.
 */
export function nestingDepth(value: unknown): number {
  let deepest = 0
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 1 }]
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, depth } = item
    if (typeof node !== 'object' || node === null) continue
    if (depth > deepest) deepest = depth
    for (const child of Array.isArray(node) ? node : Object.values(node))
      if (typeof child === 'object' && child !== null) stack.push({ node: child, depth: depth + 1 })
  }
  return deepest
}
