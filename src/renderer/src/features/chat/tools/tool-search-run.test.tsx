import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AssistantBlock, ServerToolUseBlock } from '@shared/chat/chat'
import { ToolSearchRun } from './tool-search-run'

// A tool search in an answer: what Claude looked for and the tools it found, not a web search.

const search: ServerToolUseBlock = {
  type: 'server_tool_use',
  id: 'srvtoolu_1',
  name: 'tool_search_tool_bm25',
  input: { query: 'weather' }
}

const result = (content: unknown): AssistantBlock =>
  ({ type: 'tool_search_tool_result', tool_use_id: 'srvtoolu_1', content }) as AssistantBlock

describe('a tool search in an answer', () => {
  it('says what Claude searched for and lists what it found, each tool with its server', () => {
    render(
      <ToolSearchRun
        block={search}
        content={[
          search,
          result({
            type: 'tool_search_tool_search_result',
            tool_references: [{ type: 'tool_reference', tool_name: 'mcp__s3__weather_forecast' }]
          })
        ]}
      />
    )
    expect(screen.getByText(/Searched the tools for “weather” · found 1/)).toBeTruthy()
    expect(screen.getByText('weather_forecast (s3)')).toBeTruthy()
  })

  it('says why a search could not run', () => {
    render(
      <ToolSearchRun
        block={search}
        content={[
          search,
          result({ type: 'tool_search_tool_result_error', error_code: 'too_many_requests' })
        ]}
      />
    )
    expect(screen.getByText(/Searched the tools for “weather” \(too many requests\)/)).toBeTruthy()
  })
})
