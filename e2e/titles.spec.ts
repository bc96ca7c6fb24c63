import { reply } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { expect, test } from './support/app-fixture'
import { captureView, horizontalOverflow, seriousA11yViolations } from './support/page-checks'

// Issue 25, minor: a new chat is named by a cheap model after its first answer (a short summary,
// not the first words), and the name stays the person's to change. The header keeps one row at
// common window widths: the open chat's title takes the heading's place and most of the row,
// truncating before the options wrap.

test.describe('Chat titles', () => {
  test.beforeEach(({ cairn }) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  })

  test('a new chat is named after its first answer; a rename sticks across a reload', async ({
    cairn
  }, testInfo) => {
    test.setTimeout(90_000)
    const fake = cairn.anthropic!
    const page = cairn.page
    await page.setViewportSize({ width: 1280, height: 800 })
    fake.script(reply('Take the train on Friday evening; two nights is plenty for the old town.'))
    fake.scriptTitles(reply('Weekend in Lyon with Anna'))
    const chat = new ChatPage(page)
    await new AppPage(page).goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    await chat.send('My sister Anna and I want a weekend in Lyon in May. Where do we start?')
    await expect(chat.log()).toContainText('two nights is plenty')

    // The generated title replaces the first words, in the list and in the header.
    await expect(chat.listItem(/^Weekend in Lyon with Anna/)).toBeVisible()
    await expect(chat.headerTitle()).toHaveText('Weekend in Lyon with Anna')
    await expect(chat.listItem(/^My sister Anna/)).toHaveCount(0)
    // One title request, apart from the chat's own: no tools, a small reply.
    expect(fake.messageRequests()).toHaveLength(1)
    const titleRequests = fake.titleRequests()
    expect(titleRequests).toHaveLength(1)
    const body = titleRequests[0]!.body as { tools?: unknown; max_tokens: number }
    expect(body.tools).toBeUndefined()
    expect(body.max_tokens).toBeLessThanOrEqual(64)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousA11yViolations(page), `titled chat in ${scheme}`).toEqual([])
      await captureView(page, testInfo, `titles-generated-${scheme}`)
    }

    // Still editable: the person's name wins, now and after a reload.
    await chat.rename('Weekend in Lyon with Anna', 'Lyon, May')
    await expect(chat.listItem(/^Lyon, May/)).toBeVisible()
    await expect(chat.headerTitle()).toHaveText('Lyon, May')
    await page.reload()
    await new AppPage(page).waitForReady()
    await expect(chat.listItem(/^Lyon, May/)).toBeVisible()
    await expect(chat.headerTitle()).toHaveText('Lyon, May')

    // A second answer asks for no title.
    fake.script(reply('The Musée des Confluences is worth an afternoon.'))
    await chat.send('Any museum?')
    await expect(chat.log()).toContainText('Confluences')
    await expect(chat.listItem(/^Lyon, May/)).toContainText('4 messages')
    expect(fake.titleRequests()).toHaveLength(1)
    await captureView(page, testInfo, 'titles-renamed')
  })

  test('the header is one row at 1200 and 1280 px: the title has room and truncates, the options stay', async ({
    cairn
  }, testInfo) => {
    test.setTimeout(90_000)
    const page = cairn.page
    const long =
      'Planning a long weekend in Lyon in May with my sister, trains, food and museums included'
    cairn.anthropic!.script(reply('Gladly.'))
    const chat = new ChatPage(page)
    await new AppPage(page).goto('Chat')
    await chat.useSessionKey()
    await chat.newChat()
    await chat.send('Plan it')
    await expect(chat.log()).toContainText('Gladly.')
    await chat.rename('Plan it', long)
    await expect(chat.headerTitle()).toHaveText(long)

    const captureBoth = async (name: string): Promise<void> => {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
        await captureView(page, testInfo, `${name}-${scheme}`)
      }
    }
    const header = chat.header()
    const model = header.getByRole('combobox', { name: 'Model for this chat' })
    const thinking = header.getByRole('button', { name: /Thinking/ })
    const memory = header.getByRole('switch', { name: /Memory/ })
    for (const [width, height] of [
      [1200, 780],
      [1280, 800]
    ] as const) {
      await page.setViewportSize({ width, height })
      await expect(model).toBeVisible()
      // The open chat's title stands in for the "Chat" heading, which stays for screen readers.
      await expect(header.getByRole('heading', { level: 1, name: 'Chat' })).toBeAttached()
      // One row: every control sits on the line of the title...
      const title = (await chat.headerTitle().boundingBox())!
      const middle = title.y + title.height / 2
      for (const control of [model, memory, thinking]) {
        const box = (await control.boundingBox())!
        expect(
          Math.abs(box.y + box.height / 2 - middle),
          `centred on the row at ${width}`
        ).toBeLessThan(4)
      }
      // ...the header is one control high (plus its padding): two rows would be twice that.
      const headerBox = (await header.boundingBox())!
      const tallest = (await thinking.boundingBox())!
      expect(headerBox.height, `header height at ${width}`).toBeLessThan(tallest.height + 32)
      // ...the title has the room (it is the most telling text there)...
      const shown = await chat.headerTitle().evaluate((el) => el.clientWidth)
      expect(shown, `title width at ${width}`).toBeGreaterThanOrEqual(240)
      // ...and the title is what gave way: cut with an ellipsis, whole in its tooltip.
      const clipped = await chat.headerTitle().evaluate((el) => el.scrollWidth > el.clientWidth)
      expect(clipped, `title cut short at ${width}`).toBe(true)
      await expect(chat.headerTitle()).toHaveCSS('text-overflow', 'ellipsis')
      await expect(chat.headerTitle()).toHaveAttribute('title', long)
      expect(await horizontalOverflow(page), `nothing overflows at ${width}`).toEqual([])
      await captureBoth(`titles-header-${width}`)
    }

    // A narrow window: two tidy rows, the title across the first and the options together on the
    // second; nothing is cut off or overflows.
    for (const [width, height] of [
      [900, 600],
      [800, 600]
    ] as const) {
      await page.setViewportSize({ width, height })
      await expect(model).toBeVisible()
      await expect(thinking).toBeVisible()
      const title = (await chat.headerTitle().boundingBox())!
      const shown = await chat.headerTitle().evaluate((el) => el.clientWidth)
      expect(shown, `title width at ${width}`).toBeGreaterThanOrEqual(240)
      const row = (await model.boundingBox())!
      expect(row.y, `options below the title at ${width}`).toBeGreaterThan(title.y + title.height)
      for (const control of [memory, thinking]) {
        const box = (await control.boundingBox())!
        expect(
          Math.abs(box.y + box.height / 2 - (row.y + row.height / 2)),
          `options on one row at ${width}`
        ).toBeLessThan(4)
      }
      expect(await horizontalOverflow(page), `nothing overflows at ${width}`).toEqual([])
      await captureBoth(`titles-header-${width}`)
    }
  })
})
