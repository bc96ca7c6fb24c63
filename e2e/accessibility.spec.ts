import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { MemoryPage } from './pages/memory-page'
import { memory, reply, text } from './fake-anthropic'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// An answer with what axe found wanting on main: links, a GFM task list and a long code line.
const ANSWER = [
  'See [the Lyon guide](https://example.com/lyon) and <https://example.com/food>.',
  '',
  '- [x] Book the train',
  '- [ ] Reserve a bouchon',
  '',
  '```ts',
  `const itinerary = ${JSON.stringify({ days: Array.from({ length: 12 }, (_, i) => `day ${i + 1}: walk the old town`) })}`,
  '```'
].join('\n')

const WIDTHS = [800, 1280, 1920]

for (const scheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe findings on any view in ${scheme} at ${WIDTHS.join(', ')} px`, async ({
    cairn
  }, testInfo) => {
    test.skip(!cairn.anthropic, 'needs the fake Anthropic server (browser harness)')
    const page = cairn.page
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1280, height: 800 })
    const folder = join(cairn.userDataDir, 'memories')
    await mkdir(folder, { recursive: true, mode: 0o700 })
    await writeFile(join(folder, 'about-me.md'), '# About me\n\n- Prefers short answers\n')
    const app = new AppPage(page)
    const chat = new ChatPage(page)
    const mem = new MemoryPage(page)
    await app.waitForReady()
    cairn.anthropic!.script(
      reply([
        text('Noted. '),
        memory({
          command: 'create',
          path: '/memories/trip.md',
          file_text: '# Trip\n\nLyon in May\n'
        })
      ]),
      reply(ANSWER)
    )
    await chat.useSessionKey('sk-ant-api03-example-key-7Qx4')
    await chat.newChat()
    await chat.send('Plan my trip to Lyon')
    await expect(chat.log()).toContainText('Reserve a bouchon')

    const views: [string, () => Promise<void>][] = [
      ['chat', () => app.goto('Chat')],
      [
        'memory-file',
        async () => {
          await app.goto('Memory')
          await mem.open('about-me.md')
        }
      ],
      [
        'memory-activity',
        async () => {
          await app.goto('Memory')
          await mem.showPane('Activity')
          await expect(
            mem.activity().getByRole('button', { name: 'Show change' }).first()
          ).toBeVisible()
        }
      ],
      [
        'memory-expiry',
        async () => {
          await app.goto('Memory')
          await mem.showPane('Expiry')
        }
      ],
      ['settings', () => app.goto('Settings')]
    ]
    const found: string[] = []
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 })
      for (const [name, show] of views) {
        await show()
        for (const line of await seriousA11yViolations(page))
          found.push(`${name} at ${width}: ${line}`)
        if (name === 'chat' || name === 'memory-activity')
          await captureView(page, testInfo, `a11y-${name}-${scheme}-${width}`)
      }
    }
    expect(found).toEqual([])
  })
}
