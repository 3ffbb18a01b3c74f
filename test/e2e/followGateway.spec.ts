import { emulatorPosts, shot } from './support/chat'
import { startEmulatorProcess, type EmulatorProcess } from './support/emulatorProcess'
import { expect, openStudio, test } from './support/fixtures'
import { addGateway, emulatorConfigArgs, openScreen, saveKey, useGateway } from './support/gateways'
import { listedModels, modelPicker, pickModel } from './support/modelPicker'

/**
 * Issue 15: screens follow the gateway in use and its key. Two tenants: acme lists everything, globex only
 * the Messages model; one acme key cannot see the video model.
 */
const CONFIG = {
  tenants: [{ id: 'acme' }, { id: 'globex', models: ['studio-messages'] }],
  models: [
    {
      id: 'studio-chat',
      owned_by: 'studio',
      supported_endpoints: ['/v1/chat/completions', '/v1/responses'],
      billing_unit: 'token',
      price: 1
    },
    {
      id: 'studio-messages',
      owned_by: 'studio',
      supported_endpoints: ['/v1/messages'],
      billing_unit: 'token',
      price: 1
    },
    {
      id: 'studio-image-v3',
      owned_by: 'studio',
      supported_endpoints: ['/v1/images/generations'],
      billing_unit: 'image',
      price: 1
    },
    {
      id: 'seedance-video',
      owned_by: 'volcengine',
      supported_endpoints: ['/v1/videos/generations'],
      billing_unit: 'token',
      price: 0.5
    }
  ],
  keys: [
    { key: 'sk-e2e-acme-full-0001', tenant: 'acme', role: 'ordinary', models: '*', balance: 1e6 },
    {
      key: 'sk-e2e-acme-novideo-0002',
      tenant: 'acme',
      role: 'noVideo',
      models: ['studio-chat', 'studio-messages'],
      balance: 1e6
    },
    { key: 'sk-e2e-globex-0003', tenant: 'globex', role: 'globex', models: '*', balance: 1e6 }
  ]
}

let emulator: EmulatorProcess

test.beforeAll(async () => {
  emulator = await startEmulatorProcess(emulatorConfigArgs(CONFIG))
})

test.afterAll(async () => {
  await emulator.stop()
})

test('switching gateway lets go of a model the new gateway does not list, and never sends it', async ({
  page,
  studio
}) => {
  await openStudio(page, studio)
  await addGateway(page, {
    name: 'Acme',
    baseUrl: emulator.tenants.acme ?? '',
    key: 'sk-e2e-acme-full-0001',
    use: true
  })
  await addGateway(page, {
    name: 'Globex',
    baseUrl: emulator.tenants.globex ?? '',
    key: 'sk-e2e-globex-0003'
  })

  await openScreen(page, 'Chat')
  await page.getByRole('button', { name: 'New chat' }).click()
  await expect(page.getByText('On Acme')).toBeVisible()
  await pickModel(page, 'studio-chat')
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello from the old gateway')

  await useGateway(page, 'Globex')
  await openScreen(page, 'Chat')
  await expect(page.getByText('On Globex')).toBeVisible()
  // The model of the previous gateway is let go, in one line, and is not offered as "(not listed)".
  await expect(
    page.getByRole('status').filter({ hasText: 'studio-chat is not listed by Globex' })
  ).toHaveText('studio-chat is not listed by Globex, so it is no longer selected. Pick one of its models.')
  const picker = modelPicker(page)
  await expect(picker).toHaveValue('')
  await expect(picker).toHaveAttribute('placeholder', 'Pick a model…')
  expect(await listedModels(page)).toEqual(['studio-messages'])
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled()
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
  await shot(page, 'issue15-switch-gateway')
  // Paths in the emulator's log are relative to the tenant.
  for (const path of ['/v1/chat/completions', '/v1/responses', '/v1/messages'])
    expect(await emulatorPosts(emulator, path)).toHaveLength(0)

  // Picking one of its models carries on, and the notice goes.
  await pickModel(page, 'studio-messages')
  await expect(page.getByText('studio-chat is not listed by Globex')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled()
})

test('Images lets go of an image model the new gateway does not list, and Generate says why', async ({
  page,
  studio
}) => {
  await openStudio(page, studio)
  await addGateway(page, {
    name: 'Acme',
    baseUrl: emulator.tenants.acme ?? '',
    key: 'sk-e2e-acme-full-0001',
    use: true
  })
  await addGateway(page, {
    name: 'Globex',
    baseUrl: emulator.tenants.globex ?? '',
    key: 'sk-e2e-globex-0003'
  })

  await openScreen(page, 'Images')
  const picker = page.getByLabel('Model', { exact: true })
  await expect(picker).toHaveValue('studio-image-v3')
  await page.getByRole('textbox', { name: 'Prompt' }).fill('a lighthouse at dusk')

  await useGateway(page, 'Globex')
  await openScreen(page, 'Images')
  await expect(
    page.getByRole('status').filter({ hasText: 'studio-image-v3 is not listed by Globex' })
  ).toHaveText(
    'studio-image-v3 is not listed by Globex, so it is no longer selected. Pick one of its models.'
  )
  await expect(picker).toHaveValue('')
  await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeDisabled()
  await shot(page, 'issue15-switch-gateway-images')
  expect(await emulatorPosts(emulator, '/v1/images/generations')).toHaveLength(0)
})

test('a new key brings its video models to the Video screen without a click', async ({ page, studio }) => {
  await openStudio(page, studio)
  await addGateway(page, {
    name: 'Acme',
    baseUrl: emulator.tenants.acme ?? '',
    key: 'sk-e2e-acme-novideo-0002',
    use: true
  })
  await openScreen(page, 'Video')
  await expect(page.getByText('No video model on this gateway')).toBeVisible()
  await shot(page, 'issue15-video-limited-key')

  await openScreen(page, 'Settings')
  await saveKey(page, 'Acme', 'sk-e2e-acme-full-0001')
  await openScreen(page, 'Video')
  const picker = page.getByRole('combobox', { name: 'Model' })
  await expect(picker).toHaveValue('seedance-video')
  await expect(page.getByText('No video model on this gateway')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Check again' })).toHaveCount(0)
  await shot(page, 'issue15-video-full-key')

  // And back: the limited key's listing replaces the full one just as quickly.
  await openScreen(page, 'Settings')
  await saveKey(page, 'Acme', 'sk-e2e-acme-novideo-0002')
  await openScreen(page, 'Video')
  await expect(page.getByText('No video model on this gateway')).toBeVisible()
  await expect(picker).toBeDisabled()
})
