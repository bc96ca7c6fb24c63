import { describe, expect, test } from 'vitest'
import { capsFromApi, type ModelCaps } from '../models/model-caps'
import {
  serverSwitchCost,
  takesToolSearch,
  TOOL_SEARCH_AFTER,
  usesToolSearch
} from '../chat/tool-search'

// When a chat's MCP tools wait behind tool search, and what switching a server costs.

const caps = capsFromApi({ thinking: { supported: false } }) as ModelCaps

describe('tool search', () => {
  test('past 30 MCP tools on a model the API describes; kept once a chat used it', () => {
    expect(TOOL_SEARCH_AFTER).toBe(30)
    expect(usesToolSearch(30, caps, false)).toBe(false)
    expect(usesToolSearch(31, caps, false)).toBe(true)
    expect(usesToolSearch(2, caps, true)).toBe(true)
    expect(usesToolSearch(500, null, false)).toBe(false)
  })

  test('the API says whether a model takes it where it says so; otherwise a described model does', () => {
    expect(takesToolSearch(caps)).toBe(true)
    expect(takesToolSearch(null)).toBe(false)
    const said = (supported: boolean) =>
      capsFromApi({ server_tools: { supported: true, tool_search: { supported } } })
    expect(takesToolSearch(said(false))).toBe(false)
    expect(takesToolSearch(said(true))).toBe(true)
    // No key: nothing said, and the caps stay as they were (no field added).
    expect(caps).not.toHaveProperty('toolSearch')
  })

  test('what turning a server on or off costs the next request', () => {
    const cost = (serverTools: number, chatTools: number, on: boolean, already = false) =>
      serverSwitchCost({ serverTools, chatTools, on, caps, already })
    // Few tools: they join the prompt.
    expect(cost(5, 10, false)).toBe('rebuilds-cache')
    // Past the threshold with it: the chat moves to tool search.
    expect(cost(25, 10, false)).toBe('starts-search')
    // Already behind search: the tools join the catalogue.
    expect(cost(50, 100, false)).toBe('searched')
    expect(cost(50, 100, true)).toBe('searched')
    expect(cost(90, 100, true, true)).toBe('searched')
    // Turning off a server that brings the chat under the threshold before it ever searched.
    expect(cost(50, 60, true)).toBe('rebuilds-cache')
    expect(
      serverSwitchCost({ serverTools: 50, chatTools: 100, on: false, caps: null, already: false })
    ).toBe('rebuilds-cache')
  })
})
