import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

test.describe('Conversations', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  test('Ctrl+N puts the cursor in the composer; an empty chat is never saved', async ({
    cairn
  }) => {
    const chat = new ChatPage(cairn.page)
    await new AppPage(cairn.page).goto('Memory')
    await chat.useSessionKey()
    await cairn.page.keyboard.press('ControlOrMeta+n')
    await expect(chat.composer()).toBeFocused()
    await cairn.page.keyboard.type('Typed straight away')
    await expect(chat.composer()).toHaveValue('Typed straight away')
    await cairn.page.keyboard.press('ControlOrMeta+n')
    await expect(chat.composer()).toBeFocused()

    const list = cairn.page.getByRole('list', { name: 'Conversation list' })
    await expect(list).toContainText('No conversations yet.')
    const folder = join(cairn.userDataDir, 'conversations')
    expect(await readdir(folder).catch(() => [])).toEqual([])

    cairn.anthropic!.script(reply('Hello there.'))
    await chat.send('First words')
    await expect(chat.log()).toContainText('Hello there.')
    await expect(list.getByRole('button', { name: /^First words/ })).toBeVisible()
    expect(await readdir(folder)).toHaveLength(1)
  })

  test('search finds a word inside a message and jumps to it; pin; export to Markdown', async ({
    cairn
  }, testInfo) => {
    const fake = cairn.anthropic!
    const filler = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} about the trip.`)
    fake.script(
      reply([
        text('Noting it. '),
        memory({ command: 'create', path: '/memories/trip.md', file_text: 'Lyon in May\n' })
      ]),
      reply(`${filler.join('\n\n')}\n\nThe best bakery is Boulangerie Saint-Paul, near the river.`),
      reply('Sure: three days is enough.'),
      reply('Tea is fine.')
    )
    const chat = new ChatPage(cairn.page)
    await new AppPage(cairn.page).goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    await chat.send('Plan my trip to Lyon')
    await expect(chat.log()).toContainText('Boulangerie Saint-Paul')
    await expect(chat.stopButton()).toBeHidden() // the turn has ended
    await chat.send('Is three days enough?')
    // The answer lands below a long one: the list scrolls to it.
    await expect(chat.log().getByText('Sure: three days is enough.')).toBeInViewport()
    await expect(chat.stopButton()).toBeHidden()
    await chat.newChat()
    await chat.send('Tea or coffee?')
    await expect(chat.log()).toContainText('Tea is fine.')

    // Search: the snippet shows the match marked; choosing it opens the chat at that message.
    const list = cairn.page.getByRole('list', { name: 'Conversation list' })
    await cairn.page.getByRole('searchbox', { name: 'Search conversations' }).fill('bakery')
    await expect(list.getByRole('listitem')).toHaveCount(1)
    await expect(list.locator('mark')).toHaveText('bakery')
    await list.getByRole('button', { name: /^Plan my trip to Lyon/ }).click()
    const found = chat.log().locator('[data-found]')
    await expect(found).toContainText('Boulangerie Saint-Paul')
    await expect(found).toBeInViewport()
    await expect(found).toHaveCount(0, { timeout: 5_000 }) // the outline fades after a moment

    // Pin: the older chat moves to the top under "Pinned".
    await cairn.page.getByRole('searchbox', { name: 'Search conversations' }).fill('')
    await expect(list.getByRole('heading')).toHaveText(['Today'])
    await list.getByRole('button', { name: 'Pin Plan my trip to Lyon' }).click()
    await expect(list.getByRole('heading')).toHaveText(['Pinned', 'Today'])
    await expect(list.getByRole('listitem').first()).toContainText('Plan my trip')

    // Export: Markdown through the save dialog, memory operations as a list.
    await list.getByRole('button', { name: 'Export Plan my trip to Lyon as Markdown' }).click()
    await expect(cairn.page.getByRole('status').filter({ hasText: 'Exported as' })).toHaveText(
      'Exported as “Plan my trip to Lyon.md”.'
    )
    const [saved] = await cairn.savedFiles()
    const markdown = await readFile(saved!, 'utf8')
    expect(markdown).toMatch(/^# Plan my trip to Lyon\n/)
    expect(markdown).toContain('- Wrote `/memories/trip.md`')
    expect(markdown).toContain('Boulangerie Saint-Paul')
    expect(markdown).toContain('## You · ')

    for (const scheme of ['light', 'dark'] as const) {
      await cairn.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await cairn.page.getByRole('searchbox', { name: 'Search conversations' }).fill('trip')
      await expect(list.locator('mark').first()).toBeVisible()
      expect(await seriousA11yViolations(cairn.page), `search in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `conversations-search-${scheme}`)
      await cairn.page.getByRole('searchbox', { name: 'Search conversations' }).fill('')
      await list.getByRole('button', { name: /^Tea or coffee/ }).hover()
      expect(await seriousA11yViolations(cairn.page), `list in ${scheme}`).toEqual([])
      await captureView(cairn.page, testInfo, `conversations-${scheme}`)
    }
  })
})
