import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AssistantMessage } from '@shared/chat/chat'
import { CONTROL_NAMES, type ControlName } from '@shared/control-names'
import { renderSettings } from '../../../test/render-app'
import { installFakeMain } from '../../../test/fake-main'
import { ChatView } from '../chat-view'
import { MessageItem } from './message-item'

/*
 * Fault texts and notices point people at controls by the names in CONTROL_NAMES (main's
 * fault-texts.test.ts checks that they use no others). Here every one of those names is found on
 * screen, as the control it claims to be; the last test fails when a name is added unchecked.
 */

const SETTINGS_FIELDS: Partial<Record<ControlName, true>> = {
  apiKey: true,
  model: true,
  maxTokens: true,
  maxToolRounds: true
}

describe('every control a message names is rendered', () => {
  it('Settings, and the fields messages send people to in it', async () => {
    await renderSettings()
    expect(screen.getByRole('tab', { name: new RegExp(`^${CONTROL_NAMES.settings}`) })).toBeTruthy()
    for (const name of Object.keys(SETTINGS_FIELDS) as ControlName[]) {
      const labelled = screen.getAllByLabelText(CONTROL_NAMES[name], { exact: true })
      expect(
        labelled.some((el) => ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)),
        CONTROL_NAMES[name]
      ).toBe(true)
    }
  })

  it('Retry under a failed answer, New chat above the conversations', async () => {
    const failed: AssistantMessage = {
      id: 'a1',
      role: 'assistant',
      createdAt: '2026-01-01T00:00:00Z',
      model: 'claude-test',
      content: [],
      status: 'failed',
      stopReason: null,
      usage: null,
      error: {
        code: 'overloaded',
        message: 'Anthropic is overloaded right now.',
        nextStep: 'Press Retry in a minute.',
        retryable: true,
        status: 529
      }
    }
    render(
      <MessageItem
        message={failed}
        results={new Map()}
        onOpen={() => undefined}
        onRetry={() => undefined}
      />
    )
    expect(screen.getByRole('button', { name: CONTROL_NAMES.retry })).toBeTruthy()
    installFakeMain()
    render(
      <ChatView
        onOpenSettings={() => undefined}
        onOpenMemory={() => undefined}
        newChatSignal={0}
        active
      />
    )
    expect(await screen.findByRole('button', { name: CONTROL_NAMES.newChat })).toBeTruthy()
  })

  it('no name is left unchecked', () => {
    const checked = new Set<ControlName>([
      ...(Object.keys(SETTINGS_FIELDS) as ControlName[]),
      'settings',
      'retry',
      'newChat'
    ])
    expect([...checked].sort()).toEqual((Object.keys(CONTROL_NAMES) as ControlName[]).sort())
  })
})
