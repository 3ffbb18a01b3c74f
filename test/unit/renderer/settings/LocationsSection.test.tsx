import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { LocationsSection } from '@renderer/features/settings/LocationsSection'
import { i18n } from '@renderer/i18n'
import { useAppStore } from '@renderer/store/app'
import { createApiClient, type Transport } from '@shared/client'
import type { AppError } from '@shared/result'
import type { LocationCheck, LocationView } from '@shared/schemas/locations'
import { testInfo, testSettings } from '../connection'

type Handler = (input: unknown) => unknown

const NOW = Date.now()
const reached: LocationCheck = { ok: true, problem: null, status: null, checkedAt: NOW }

const bucket: LocationView = {
  id: 'loc-s3',
  name: 'team-library',
  settings: {
    kind: 's3',
    endpoint: 'http://127.0.0.1:9000',
    region: 'us-east-1',
    bucket: 'team-library',
    prefix: 'studio/',
    pathStyle: true
  },
  hasCredentials: true,
  credentialHint: '…ABCD',
  lastCheck: { ...reached, checkedAt: NOW - 2 * 60_000 },
  createdAt: NOW - 86_400_000
}

const nas: LocationView = {
  id: 'loc-dav',
  name: 'nas.local',
  settings: { kind: 'webdav', url: 'https://nas.local/remote.php/dav/files/ana/Team/' },
  hasCredentials: true,
  credentialHint: 'ana',
  lastCheck: { ok: false, problem: 'denied', status: 401, checkedAt: NOW - 5 * 60_000 },
  createdAt: NOW - 86_400_000
}

/** What a handler answers for the backend to refuse the command with `error`. */
class Refusal {
  constructor(readonly error: AppError) {}
}

/** The section against a scripted backend: each command answers from `handlers`, every call is kept. */
function setup(handlers: Record<string, Handler>): { invoke: ReturnType<typeof vi.fn> } {
  const invoke = vi.fn((name: string, input: unknown) => {
    const handler = handlers[name]
    if (!handler)
      return Promise.resolve({ ok: false, error: { code: 'test', message: `${name} not stubbed` } })
    const value = handler(input)
    return Promise.resolve(value instanceof Refusal ? { ok: false, error: value.error } : { ok: true, value })
  })
  const transport: Transport = { invoke, subscribe: () => () => undefined }
  useAppStore
    .getState()
    .setConnection(
      { api: createApiClient(transport), host: 'web', mediaUrl: (id) => `/media/${id}` },
      testInfo(),
      testSettings({ theme: 'system' })
    )
  render(<LocationsSection />)
  return { invoke }
}

/** A backend that keeps what is saved, answers a check with `check`, and says whether it was asked. */
function backend(initial: LocationView[] = [], check: LocationCheck = reached): Record<string, Handler> {
  let saved = [...initial]
  return {
    'locations.list': () => saved,
    'locations.test': () => check,
    'locations.save': (input) => {
      const { id, name, settings, credentials } = input as {
        id?: string
        name: string
        settings: LocationView['settings']
        credentials: { kind: 's3'; accessKeyId: string } | { kind: 'webdav'; username: string } | null
      }
      const before = saved.find((one) => one.id === id)
      const hint = credentials
        ? credentials.kind === 's3'
          ? `…${credentials.accessKeyId.slice(-4)}`
          : credentials.username
        : (before?.credentialHint ?? null)
      const view: LocationView = {
        id: id ?? `loc-${saved.length + 1}`,
        name,
        settings,
        hasCredentials: hint !== null,
        credentialHint: hint,
        lastCheck: check,
        createdAt: NOW
      }
      saved = [...saved.filter((one) => one.id !== view.id), view]
      return view
    },
    'locations.remove': (input) => {
      const { id } = input as { id: string }
      saved = saved.filter((one) => one.id !== id)
      return { removed: true }
    }
  }
}

const calls = (invoke: ReturnType<typeof vi.fn>, name: string): unknown[] =>
  (invoke.mock.calls as [string, unknown][]).filter(([called]) => called === name).map(([, input]) => input)

const fill = (label: string | RegExp, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

const form = (): HTMLElement => screen.getByRole('form', { name: /^(Add a location|Change “.*”|添加位置)$/ })

async function openAdd(): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: 'Add a location' }))
}

describe('Settings › Team locations: the list', () => {
  it('says so when there is none, and offers to add one', async () => {
    setup(backend())
    expect(
      await screen.findByText(
        'No team locations yet. Add the bucket, server or shared folder your team keeps its library in.'
      )
    ).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Saved locations' })).toBeNull()
  })

  it('keeps the name teammates see: the computer’s user name until one is typed, saved on Enter and on leaving', async () => {
    const { invoke } = setup({
      ...backend(),
      'settings.update': (input) => ({
        theme: 'system',
        language: 'en',
        notifyOnJobFinish: true,
        exportNameTemplate: '{date}_{model}_{index}',
        teamName: (input as { teamName: string }).teamName
      })
    })
    const field = screen.getByLabelText('Your name on shared work')
    expect(field).toHaveValue('')
    expect(field).toHaveAttribute('placeholder', 'ana')
    expect(field).toHaveAccessibleDescription(
      'Teammates see it beside the images you share. Left empty, it is this computer’s user name, ana.'
    )
    fireEvent.change(field, { target: { value: '  Ana Lima  ' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(await screen.findByText('Saved.')).toBeInTheDocument()
    expect(invoke).toHaveBeenCalledWith('settings.update', { teamName: 'Ana Lima' })
    expect(field).toHaveValue('Ana Lima')
    expect(useAppStore.getState().settings?.teamName).toBe('Ana Lima')
    // Leaving the field unchanged sends nothing more.
    fireEvent.blur(field)
    expect(invoke.mock.calls.filter(([name]) => name === 'settings.update')).toHaveLength(1)
  })

  it('shows each location: name, kind, address, a hint of its keys (never a secret) and its last check', async () => {
    setup(backend([bucket, nas]))
    const list = await screen.findByRole('list', { name: 'Saved locations' })
    const [first, second] = within(list).getAllByRole('listitem')
    expect(first).toHaveTextContent('team-library')
    expect(first).toHaveTextContent('Bucket')
    expect(first).toHaveTextContent('team-library/studio/ at http://127.0.0.1:9000')
    expect(first).toHaveTextContent('Key …ABCD')
    expect(first).toHaveTextContent('Reached 2 minutes ago')
    expect(second).toHaveTextContent('https://nas.local/remote.php/dav/files/ana/Team/')
    expect(second).toHaveTextContent('User ana')
    expect(second).toHaveTextContent(
      'Could not be reached: The server refused this user name and password, or this user may not open the folder.'
    )
    expect(second).toHaveTextContent('Checked 5 minutes ago')
    expect(second).toHaveTextContent('The server answered HTTP 401.')
  })

  it('checks a saved location again with its saved credentials and shows the answer', async () => {
    const handlers = backend([bucket])
    handlers['locations.test'] = () => ({ ok: false, problem: 'missing', status: 404, checkedAt: NOW })
    const { invoke } = setup(handlers)
    fireEvent.click(await screen.findByRole('button', { name: 'Check again: team-library' }))
    await waitFor(() =>
      expect(screen.getByRole('listitem')).toHaveTextContent(
        'Could not be reached: There is no such bucket at this address.'
      )
    )
    expect(calls(invoke, 'locations.test')).toEqual([
      { id: 'loc-s3', settings: bucket.settings, credentials: null }
    ])
  })

  it('asks before removing, says nothing at the location is deleted, and keeps it on Keep', async () => {
    const { invoke } = setup(backend([bucket, nas]))
    fireEvent.click(await screen.findByRole('button', { name: 'Remove team-library…' }))
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Remove “team-library” from this computer?'
    })
    expect(dialog).toHaveTextContent('Nothing at the location is deleted')
    expect(dialog).toHaveTextContent('Only this computer forgets the address and its keys or password.')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    expect(calls(invoke, 'locations.remove')).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Remove team-library…' }))
    const again = await screen.findByRole('alertdialog')
    fireEvent.click(within(again).getByRole('button', { name: 'Remove from this computer' }))
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1))
    expect(calls(invoke, 'locations.remove')).toEqual([{ id: 'loc-s3' }])
    expect(screen.getByRole('listitem')).toHaveTextContent('nas.local')
    // The keyboard lands on the list, not on the page's top.
    await waitFor(() => expect(screen.getByRole('list', { name: 'Saved locations' })).toHaveFocus())
    expect(screen.getByText('“team-library” is removed from this computer.')).toBeInTheDocument()
  })
})

describe('Settings › Team locations: adding one', () => {
  it('adds a bucket: the kind is a radio group, region and path style follow the endpoint, the name the bucket', async () => {
    const { invoke } = setup(backend())
    await openAdd()
    const kinds = screen.getByRole('radiogroup', { name: 'Kind of location' })
    expect(within(kinds).getByRole('radio', { name: 'Bucket (S3-compatible)' })).toBeChecked()
    expect(within(kinds).getByRole('radio', { name: 'Bucket (S3-compatible)' })).toHaveFocus()

    fill('Endpoint', 'http://127.0.0.1:9000')
    expect(screen.getByLabelText('Region')).toHaveValue('us-east-1')
    expect(screen.getByRole('checkbox', { name: 'Path-style addressing' })).toBeChecked()
    fill('Bucket', 'team-library')
    expect(screen.getByLabelText('Name')).toHaveValue('team-library')
    fill('Folder in the bucket (optional)', 'studio/library')
    fill('Access key ID', 'AKIAEXAMPLEABCD')
    fill('Secret access key', 'wJalr-secret-never-shown')
    expect(screen.getByLabelText('Secret access key')).toHaveAttribute('type', 'password')
    expect(screen.getByLabelText('Secret access key')).toHaveAttribute('autocomplete', 'off')
    fireEvent.click(screen.getByRole('button', { name: 'Save location' }))

    const row = await screen.findByRole('listitem')
    expect(calls(invoke, 'locations.save')).toEqual([
      {
        name: 'team-library',
        settings: {
          kind: 's3',
          endpoint: 'http://127.0.0.1:9000',
          region: 'us-east-1',
          bucket: 'team-library',
          prefix: 'studio/library/',
          pathStyle: true
        },
        credentials: {
          kind: 's3',
          accessKeyId: 'AKIAEXAMPLEABCD',
          secretAccessKey: 'wJalr-secret-never-shown'
        }
      }
    ])
    expect(row).toHaveTextContent('Key …ABCD')
    expect(row).toHaveTextContent('Reached just now')
    // The form and its secret are gone; the focus is on the saved location.
    expect(screen.queryByRole('form')).toBeNull()
    expect(document.body.innerHTML).not.toContain('wJalr-secret-never-shown')
    await waitFor(() => expect(row).toHaveFocus())
  })

  it('turns path-style addressing off and reads the region for an AWS endpoint, unless the user chose', async () => {
    const { invoke } = setup(backend())
    await openAdd()
    fill('Endpoint', 'https://s3.eu-central-1.amazonaws.com')
    expect(screen.getByLabelText('Region')).toHaveValue('eu-central-1')
    const pathStyle = screen.getByRole('checkbox', { name: 'Path-style addressing' })
    expect(pathStyle).not.toBeChecked()
    expect(pathStyle).toHaveAccessibleDescription(/AWS wants it off/)
    fireEvent.click(pathStyle)
    fill('Endpoint', 'https://s3.eu-west-1.amazonaws.com')
    expect(pathStyle).toBeChecked()
    fill('Bucket', 'acme-studio')
    fill('Access key ID', 'AKIAEXAMPLE1234')
    fill('Secret access key', 'secret')
    fireEvent.click(screen.getByRole('button', { name: 'Save location' }))
    await screen.findByRole('listitem')
    expect(calls(invoke, 'locations.save')).toMatchObject([
      { settings: { region: 'eu-west-1', pathStyle: true, prefix: '' } }
    ])
  })

  it('adds a WebDAV server with a user and password, named after its host', async () => {
    const { invoke } = setup(backend())
    await openAdd()
    fireEvent.click(screen.getByRole('radio', { name: 'WebDAV server' }))
    fill('Folder address', 'https://nas.local/remote.php/dav/files/ana/Team/')
    fill('User name (optional)', 'ana')
    fill('Password (optional)', 'correct horse')
    expect(screen.getByLabelText('Password (optional)')).toHaveAttribute('type', 'password')
    fireEvent.click(screen.getByRole('button', { name: 'Save location' }))
    const row = await screen.findByRole('listitem')
    expect(calls(invoke, 'locations.save')).toEqual([
      {
        name: 'nas.local',
        settings: { kind: 'webdav', url: 'https://nas.local/remote.php/dav/files/ana/Team/' },
        credentials: { kind: 'webdav', username: 'ana', password: 'correct horse' }
      }
    ])
    expect(row).toHaveTextContent('User ana')
  })

  it('adds a WebDAV server that asks for no sign-in with no credentials', async () => {
    const { invoke } = setup(backend())
    await openAdd()
    fireEvent.click(screen.getByRole('radio', { name: 'WebDAV server' }))
    fill('Folder address', 'http://192.168.1.20:8080/library/')
    fireEvent.click(screen.getByRole('button', { name: 'Save location' }))
    const row = await screen.findByRole('listitem')
    expect(calls(invoke, 'locations.save')).toEqual([
      {
        name: '192.168.1.20',
        settings: { kind: 'webdav', url: 'http://192.168.1.20:8080/library/' },
        credentials: null
      }
    ])
    expect(row).toHaveTextContent('No sign-in')
  })

  it('adds a shared folder, named after its last folder, with no credentials', async () => {
    const { invoke } = setup(backend())
    await openAdd()
    fireEvent.click(screen.getByRole('radio', { name: 'Shared folder' }))
    fill('Full path of the folder', '/Volumes/Team/Library')
    fill('Name', 'Studio share')
    fireEvent.click(screen.getByRole('button', { name: 'Save location' }))
    await screen.findByRole('listitem')
    expect(calls(invoke, 'locations.save')).toEqual([
      { name: 'Studio share', settings: { kind: 'folder', path: '/Volumes/Team/Library' }, credentials: null }
    ])
  })
})

describe('Settings › Team locations: problems in words', () => {
  it('shows each field’s problem next to it in our words, sends nothing, and clears it once fixed', async () => {
    const { invoke } = setup(backend())
    await openAdd()
    fill('Endpoint', 'ftp://files.example.com')
    fill('Bucket', 'Team Library')
    fill('Folder in the bucket (optional)', '../up')
    fireEvent.click(screen.getByRole('button', { name: 'Save location' }))

    const bucketInput = screen.getByLabelText('Bucket')
    expect(bucketInput).toHaveAttribute('aria-invalid', 'true')
    expect(bucketInput).toHaveAccessibleDescription(
      'A bucket name has 3 to 63 lowercase letters, digits, dots or dashes, and no spaces.'
    )
    expect(screen.getByLabelText('Endpoint')).toHaveAccessibleDescription(
      'Give the web address of the service, starting with https://.'
    )
    expect(screen.getByLabelText('Folder in the bucket (optional)')).toHaveAccessibleDescription(
      'Give plain folder names separated by /, like team/library/ (at most 8 folders).'
    )
    expect(screen.getByLabelText('Access key ID')).toHaveAccessibleDescription('Give the access key ID.')
    expect(screen.getByLabelText('Secret access key')).toHaveAccessibleDescription(
      'Give the secret access key.'
    )
    // The keyboard goes to the first problem; zod's own English is nowhere.
    expect(screen.getByLabelText('Endpoint')).toHaveFocus()
    expect(form()).not.toHaveTextContent(/Invalid|expected|received/)
    expect(calls(invoke, 'locations.save')).toEqual([])

    fill('Bucket', 'team-library')
    expect(screen.getByLabelText('Bucket')).not.toHaveAttribute('aria-invalid')
  })

  it('says what is wrong with a folder path and a sign-in half given', async () => {
    setup(backend())
    await openAdd()
    fireEvent.click(screen.getByRole('radio', { name: 'Shared folder' }))
    fill('Full path of the folder', 'Team/Library')
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }))
    expect(screen.getByLabelText('Full path of the folder')).toHaveAccessibleDescription(
      'Give the full path, from the top of the disk, like /Volumes/Team/Library.'
    )
    fireEvent.click(screen.getByRole('radio', { name: 'WebDAV server' }))
    fill('Folder address', 'https://ana:pw@nas.local/dav/')
    fill('User name (optional)', 'ana')
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }))
    expect(screen.getByLabelText('Folder address')).toHaveAccessibleDescription(
      'Leave the user name and password out of the address: they have their own fields.'
    )
    expect(screen.getByLabelText('Password (optional)')).toHaveAccessibleDescription(
      'Give the password for this user.'
    )
  })

  it('says the problems in Chinese to a Chinese reader', async () => {
    await i18n.changeLanguage('zh-CN')
    setup(backend())
    fireEvent.click(await screen.findByRole('button', { name: '添加位置' }))
    fill('存储桶', 'Team Library')
    fireEvent.click(screen.getByRole('button', { name: '保存位置' }))
    expect(screen.getByLabelText('存储桶')).toHaveAccessibleDescription(
      '存储桶名称由 3 到 63 个小写字母、数字、点或短横线组成，不能有空格。'
    )
    expect(screen.getByLabelText('Endpoint 地址')).toHaveAccessibleDescription(
      '请输入服务的网址，以 https:// 开头。'
    )
    expect(form()).not.toHaveTextContent(/[A-Za-z]{4,} (name|bucket|expected)/)
  })

  it('shows what Test connection found, in a live region: the problem, then Reached', async () => {
    const handlers = backend()
    let answer: LocationCheck = { ok: false, problem: 'denied', status: 403, checkedAt: NOW }
    handlers['locations.test'] = () => answer
    const { invoke } = setup(handlers)
    await openAdd()
    fill('Endpoint', 'http://127.0.0.1:9000')
    fill('Bucket', 'team-library')
    fill('Access key ID', 'WRONGKEY')
    fill('Secret access key', 'secret')
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }))
    const status = within(form()).getByRole('status')
    await waitFor(() => expect(status).toHaveTextContent('Could not be reached'))
    expect(status).toHaveTextContent(
      'The server refused these credentials, or they may not read this bucket.'
    )
    expect(status).toHaveTextContent('The server answered HTTP 403.')
    expect(calls(invoke, 'locations.test')).toEqual([
      {
        settings: {
          kind: 's3',
          endpoint: 'http://127.0.0.1:9000',
          region: 'us-east-1',
          bucket: 'team-library',
          prefix: '',
          pathStyle: true
        },
        credentials: { kind: 's3', accessKeyId: 'WRONGKEY', secretAccessKey: 'secret' }
      }
    ])

    answer = { ok: false, problem: 'failed', status: 500, checkedAt: NOW }
    fill('Access key ID', 'S3RVER')
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }))
    await waitFor(() => expect(status).toHaveTextContent('The server answered with an error (HTTP 500).'))

    answer = reached
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }))
    await waitFor(() => expect(status).toHaveTextContent('Reached. Gateway Studio can open this location.'))
    expect(calls(invoke, 'locations.save')).toEqual([])
  })

  it('shows a name already taken beside the name field', async () => {
    const handlers = backend()
    handlers['locations.save'] = () =>
      new Refusal({
        code: 'invalid_input',
        message: 'There is already a team location called “team-library”. Pick another name.',
        words: { code: 'locationNameTaken', values: { name: 'team-library' } }
      })
    setup(handlers)
    await openAdd()
    fireEvent.click(screen.getByRole('radio', { name: 'Shared folder' }))
    fill('Full path of the folder', '/srv/team-library')
    fireEvent.click(screen.getByRole('button', { name: 'Save location' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
        'There is already a team location called “team-library”. Pick another name.'
      )
    )
    expect(screen.getByLabelText('Name')).toHaveFocus()
  })
})

describe('Settings › Team locations: editing one', () => {
  it('never shows the secret, and sends credentials: null when it is left empty', async () => {
    const { invoke } = setup(backend([bucket]))
    fireEvent.click(await screen.findByRole('button', { name: 'Edit team-library' }))
    const editor = form()
    expect(editor).toHaveAccessibleName('Change “team-library”')
    // The kind of a saved location is what it is; its address is filled in, its keys are not.
    expect(within(editor).queryByRole('radiogroup')).toBeNull()
    expect(screen.getByLabelText('Endpoint')).toHaveValue('http://127.0.0.1:9000')
    expect(screen.getByLabelText('Secret access key')).toHaveValue('')
    expect(screen.getByLabelText('Secret access key')).toHaveAccessibleDescription(
      'Leave empty to keep the saved one.'
    )
    expect(screen.getByLabelText('Access key ID')).toHaveValue('')
    expect(screen.getByLabelText('Access key ID')).toHaveAccessibleDescription(
      'Saved: key …ABCD. Leave both empty to keep the saved keys.'
    )
    fill('Folder in the bucket (optional)', 'studio/archive/')
    fireEvent.click(within(editor).getByRole('button', { name: 'Save location' }))
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull())
    expect(calls(invoke, 'locations.save')).toEqual([
      {
        id: 'loc-s3',
        name: 'team-library',
        settings: { ...bucket.settings, prefix: 'studio/archive/' },
        credentials: null
      }
    ])
  })

  it('says the saved keys are not sent to another server once the address moves there', async () => {
    setup(backend([bucket]))
    fireEvent.click(await screen.findByRole('button', { name: 'Edit team-library' }))
    const movedWords =
      'This is another server: the saved keys or password are not sent to it, and are forgotten when you save. Enter them again below.'
    const endpoint = screen.getByLabelText('Endpoint')
    const secret = screen.getByLabelText('Secret access key')
    expect(endpoint).not.toHaveAccessibleDescription(movedWords)
    fill('Endpoint', 'https://minio.example.org')
    expect(endpoint).toHaveAccessibleDescription(movedWords)
    // "Leave empty to keep" would no longer be true.
    expect(secret).toHaveAccessibleDescription('')
    // Back on the same server (another path is no other origin): the saved keys are kept again.
    fill('Endpoint', 'http://127.0.0.1:9000/')
    expect(endpoint).not.toHaveAccessibleDescription(movedWords)
    expect(secret).toHaveAccessibleDescription('Leave empty to keep the saved one.')
  })

  it('warns before a location with shared boards is pointed at another place, and only then', async () => {
    const links = [
      { boardId: 'b1', locationId: 'loc-s3' },
      { boardId: 'b2', locationId: 'loc-s3' },
      { boardId: 'b3', locationId: 'loc-other' }
    ]
    setup({ ...backend([bucket]), 'team.boards': () => links })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit team-library' }))
    const warning =
      'This points “team-library” at another place, which is another team library. The 2 boards shared through it will no longer be linked when you save: they stay in your gallery, and you can share them again.'
    // A new name, or the same address written with a slash, is the same place.
    fill('Name', 'Our bucket')
    fill('Endpoint', 'http://127.0.0.1:9000/')
    expect(screen.queryByText(warning)).toBeNull()
    fill('Folder in the bucket (optional)', 'archive/')
    expect(await screen.findByText(warning)).toBeInTheDocument()
    // Said to whoever is about to press Save, too.
    expect(screen.getByRole('button', { name: 'Save location' })).toHaveAccessibleDescription(warning)
    fill('Folder in the bucket (optional)', 'studio/')
    expect(screen.queryByText(warning)).toBeNull()
  })

  it('asks for the password again when a WebDAV address moves to another server', async () => {
    const { invoke } = setup(backend([nas]))
    fireEvent.click(await screen.findByRole('button', { name: 'Edit nas.local' }))
    fill('Folder address', 'https://files.example.org/dav/Team/')
    fireEvent.click(screen.getByRole('button', { name: 'Save location' }))
    expect(screen.getByLabelText('Password (optional)')).toHaveAccessibleDescription(
      'Give the password for this user.'
    )
    expect(calls(invoke, 'locations.save')).toEqual([])
  })

  it('keeps a WebDAV user’s saved password when only the name changes, and gives the focus back on Cancel', async () => {
    const { invoke } = setup(backend([nas]))
    fireEvent.click(await screen.findByRole('button', { name: 'Edit nas.local' }))
    expect(screen.getByLabelText('User name (optional)')).toHaveValue('ana')
    expect(screen.getByLabelText('Password (optional)')).toHaveValue('')
    fill('Name', 'Studio NAS')
    fireEvent.click(screen.getByRole('button', { name: 'Save location' }))
    await waitFor(() => expect(calls(invoke, 'locations.save')).toHaveLength(1))
    expect(calls(invoke, 'locations.save')[0]).toMatchObject({
      id: 'loc-dav',
      name: 'Studio NAS',
      credentials: null
    })

    const edit = await screen.findByRole('button', { name: 'Edit Studio NAS' })
    fireEvent.click(edit)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Studio NAS' })).toHaveFocus())
  })
})
