import { describe, expect, it, vi } from 'vitest'
import { CairnError } from '@shared/errors'
import { captureLogger, expectCairnError } from '../../__tests__/helpers'
import { createQuickAskService, type QuickAskWindows } from '../quick-ask-service'

const ID = '3f2c8a6e-1b4d-4c2a-9e7f-0a1b2c3d4e5f'

function setup(exists = true) {
  const { logger } = captureLogger()
  const order: string[] = []
  const service = createQuickAskService({
    conversationExists: async () => {
      if (!exists) throw new CairnError('CHAT_NOT_FOUND', 'That conversation no longer exists.')
    },
    logger
  })
  const windows: QuickAskWindows = {
    showMain: vi.fn(async () => void order.push('show main')),
    hideQuickAsk: vi.fn(() => (order.push('hide quick ask'), true))
  }
  service.onShowConversation(({ conversationId }) => order.push(`event ${conversationId}`))
  return { service, windows, order }
}

describe('the quick-ask service', () => {
  it('Open in Cairn: the main window comes forward, is told the chat, and quick ask hides', async () => {
    const { service, windows, order } = setup()
    service.attach(windows)
    expect(await service.openInMain({ conversationId: ID })).toEqual({ opened: true })
    expect(order).toEqual(['show main', `event ${ID}`, 'hide quick ask'])
  })

  it('refuses a conversation that does not exist, touching no window', async () => {
    const { service, windows, order } = setup(false)
    service.attach(windows)
    await expectCairnError(service.openInMain({ conversationId: ID }), 'CHAT_NOT_FOUND')
    expect(order).toEqual([])
  })

  it('hide answers whether there was a window to hide', () => {
    const { service, windows } = setup()
    expect(service.hide()).toEqual({ hidden: false })
    const detach = service.attach(windows)
    expect(service.hide()).toEqual({ hidden: true })
    detach()
    expect(service.hide()).toEqual({ hidden: false })
  })

  it('without windows, Open in Cairn says what to do instead', async () => {
    const { service } = setup()
    const error = await expectCairnError(
      service.openInMain({ conversationId: ID }),
      'QUICK_ASK_UNAVAILABLE'
    )
    expect(error.detail).toMatch(/Open Cairn/)
  })
})
