import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { memory, reply, text } from './fake-anthropic'
import { AppPage } from './pages/app-page'
import { ChatPage } from './pages/chat-page'
import { MemoryPage } from './pages/memory-page'
import { expect, test } from './support/app-fixture'
import { captureView, seriousA11yViolations } from './support/page-checks'

// A generated look-alike of an AWS access key (not the documentation's EXAMPLE key, which the
// rules deliberately let through), never a real credential.
const FAKE_AWS_KEY = 'AKIAZ7QW3ER5TY2UI4OP'

test('the secret guard refuses Claude’s write of a key, and the scan finds one already there', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(90_000) // two replies, axe and screenshots
  await cairn.page.setViewportSize({ width: 1200, height: 780 })
  const folder = join(cairn.userDataDir, 'memories')
  cairn.anthropic!.script(
    reply([
      text('Saving your deploy notes. '),
      memory({
        command: 'create',
        path: '/memories/deploy.md',
        file_text: `# Deploy\n\nAWS key: ${FAKE_AWS_KEY}\n`
      })
    ]),
    reply('I did not store the key; I noted that it lives in your password manager.')
  )
  const app = new AppPage(cairn.page)
  const chat = new ChatPage(cairn.page)
  await app.goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Remember my AWS key for deploys.')
  await expect(chat.log()).toContainText('I did not store the key')

  // The chip says what happened; nothing reached the disk; Claude's tool result named the kind
  // and line without the key.
  await expect(chat.chip('Refused: contains an AWS access key')).toBeVisible()
  expect(await readdir(folder)).not.toContain('deploy.md')
  const [, second] = cairn.anthropic!.messageRequests()
  const sent = JSON.stringify(second?.body)
  expect(sent).toContain('Refused: contains an AWS access key (line 3)')
  // Not even in Claude's own tool_use input: a refused secret is replaced before it is sent again.
  expect(sent).not.toContain(FAKE_AWS_KEY)
  expect(sent).toContain('[redacted: AWS access key]')
  await captureView(cairn.page, testInfo, 'secret-refused-chip')

  // A file put there by another program: the scan lists it by file and line, never the key.
  await writeFile(
    join(folder, 'old-notes.md'),
    `# Old notes\n\n- ssh to box\n- key ${FAKE_AWS_KEY}\n`
  )
  await app.goto('Memory')
  const inspector = new MemoryPage(cairn.page)
  await expect(inspector.file('old-notes.md')).toBeVisible()
  await inspector.showPane('Secrets')
  await inspector.view().getByRole('button', { name: 'Scan memory for secrets' }).click()
  const findings = inspector.view().getByRole('list', { name: 'Secrets found' })
  await expect(findings.getByRole('listitem')).toHaveCount(1)
  await expect(findings.getByRole('listitem')).toContainText('/memories/old-notes.md, line 4')
  await expect(findings.getByRole('listitem')).toContainText('AWS access key')
  await expect(inspector.view()).not.toContainText(FAKE_AWS_KEY)
  expect(await seriousA11yViolations(cairn.page)).toEqual([])
  await captureView(cairn.page, testInfo, 'secret-scan-findings')

  await findings.getByRole('button', { name: /^Open \/memories\/old-notes\.md/ }).click()
  await expect(inspector.view().getByRole('heading', { level: 2 })).toContainText('old-notes.md')
})

test('with "Redact the secret" chosen in Settings, Claude’s note is saved without the key', async ({
  cairn
}, testInfo) => {
  test.skip(!cairn.anthropic, 'needs the fake Anthropic API')
  test.setTimeout(90_000) // two replies, axe and screenshots
  await cairn.page.setViewportSize({ width: 1200, height: 900 })
  const app = new AppPage(cairn.page)
  const settings = await app.gotoSettings()
  const card = settings.section('Secret guard')
  await card.getByRole('radio', { name: /Redact the secret/ }).check()
  await expect(card.getByRole('checkbox', { name: /Check my own edits too/ })).toBeChecked()
  await card.scrollIntoViewIfNeeded()
  expect(await seriousA11yViolations(cairn.page)).toEqual([])
  await captureView(cairn.page, testInfo, 'secret-guard-settings')
  await settings.save()
  await expect(settings.saveStatus()).toContainText(/saved/i)

  cairn.anthropic!.script(
    reply([
      memory({
        command: 'create',
        path: '/memories/deploy.md',
        file_text: `# Deploy\n\nAWS key: ${FAKE_AWS_KEY}\n`
      })
    ]),
    reply('Saved, without the key.')
  )
  const chat = new ChatPage(cairn.page)
  await app.goto('Chat')
  await chat.useSessionKey()
  await chat.newChat()
  await chat.send('Remember my deploy notes.')
  await expect(chat.log()).toContainText('Saved, without the key.')
  await expect(chat.chip('Created /memories/deploy.md · Redacted 1 secret')).toBeVisible()
  const saved = join(cairn.userDataDir, 'memories', 'deploy.md')
  await expect
    .poll(() =>
      readFile(saved, 'utf8').catch(
        async () => `missing; folder has ${await readdir(join(cairn.userDataDir, 'memories'))}`
      )
    )
    .toBe('# Deploy\n\nAWS key: [redacted: AWS access key]\n')
})
