import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AttachmentBlock } from '@shared/chat/attachments'
import { ToolCallChip } from './tool-call-chip'

// An MCP call's chip, opened: what was sent, what came back, and the images Claude got with it.

const image: AttachmentBlock = {
  type: 'attachment',
  hash: 'a'.repeat(64),
  kind: 'image',
  mediaType: 'image/png',
  name: 'image 1.png',
  size: 120
}

describe('an MCP call on its chip', () => {
  it('opened, lists the images the tool returned beside its text', async () => {
    render(
      <ToolCallChip
        call={{
          name: 'mcp__everything__get-tiny-image',
          shown: { action: 'Get Tiny Image', target: 'Everything' },
          input: {},
          status: 'done',
          result: 'A tiny image\n\n[image 1: attached after this text]',
          images: [image]
        }}
      />
    )
    expect(screen.queryByRole('list', { name: 'Images it returned' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: /Get Tiny Image \(Everything\)/ }))
    const images = screen.getByRole('list', { name: 'Images it returned' })
    expect(within(images).getByText('image 1.png')).toBeTruthy()
  })
})
