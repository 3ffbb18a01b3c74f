import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ESM rule module without types
import layers from '../../../scripts/eslint/layers.mjs'

const root = join(__dirname, '..', '..', '..')

function lint(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat' })
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        plugins: { layers: layers as never },
        rules: { 'layers/imports': 'error' },
        languageOptions: {
          parser: tseslint.parser,
          ecmaVersion: 2023,
          sourceType: 'module',
          parserOptions: { ecmaFeatures: { jsx: true } }
        }
      }
    ],
    join(root, file)
  )
  // Only this rule runs here: a file's own eslint-disable comments, naming rules not loaded, are not its concern.
  return messages
    .filter((message) => message.fatal || message.ruleId === 'layers/imports')
    .map((message) => message.message)
}

describe('layer rule', () => {
  it('keeps shared free of anything of ours and of Node', () => {
    expect(lint('src/shared/x.ts', "import { a } from '../main/backend'")).toHaveLength(1)
    expect(lint('src/shared/x.ts', "import { a } from '../renderer/src/App'")).toHaveLength(1)
    expect(lint('src/shared/x.ts', "import { readFile } from 'node:fs'")).toHaveLength(1)
    expect(lint('src/shared/gateway/x.ts', "import { a } from '../contract'")).toEqual([])
    expect(lint('src/shared/x.ts', "import { z } from 'zod'")).toEqual([])
  })

  it('keeps electron out of the backend but allows it in the shell', () => {
    expect(lint('src/main/services/x.ts', "import { app } from 'electron'")).toHaveLength(1)
    expect(lint('src/main/services/x.ts', "const e = require('electron')")).toHaveLength(1)
    expect(lint('src/main/services/x.ts', "import { x } from '../electron/app'")).toHaveLength(1)
    expect(lint('src/main/electron/app.ts', "import { app } from 'electron'")).toEqual([])
    expect(lint('src/main/index.ts', "import { app } from 'electron'")).toEqual([])
    expect(lint('src/main/profiles/x.ts', "import { startEmulator } from '../../emulator'")).toEqual([])
  })

  it('keeps the renderer off main, Node and electron, through aliases too', () => {
    expect(lint('src/renderer/src/x.ts', "import { b } from '../../main/backend'")).toHaveLength(1)
    expect(lint('src/renderer/src/x.ts', "import { ipcRenderer } from 'electron'")).toHaveLength(1)
    expect(lint('src/renderer/src/x.ts', "import fs from 'node:fs'")).toHaveLength(1)
    expect(lint('src/renderer/src/x.ts', "export * from '../../main/backend'")).toHaveLength(1)
    expect(lint('src/renderer/src/x.ts', "const m = import('../../main/backend')")).toHaveLength(1)
    expect(lint('src/renderer/src/x.ts', "import { commands } from '@shared/contract'")).toEqual([])
    expect(lint('src/renderer/src/x.ts', "import type { PreloadApi } from '../../preload/api'")).toEqual([])
  })

  it('keeps renderer features apart: a feature imports itself, ui/, media/, jobs/, api/, store/, styles/', () => {
    const edit = 'src/renderer/src/features/edit/EditScreen.tsx'
    expect(lint(edit, "import { copyPrompt } from '../images/actions'")).toEqual([
      'The edit feature must not import the images feature (../images/actions): move what both need to ui/, media/, jobs/ or store/.'
    ])
    expect(lint(edit, "import { useImagesStore } from '@renderer/features/images/store'")).toHaveLength(1)
    expect(lint(edit, "import '../images/images.css'")).toHaveLength(1)
    expect(lint(edit, "export { ResultsList } from '../images/results/ResultsList'")).toHaveLength(1)
    expect(lint(edit, "const t = import('../queue/QueueScreen')")).toHaveLength(1)
    expect(
      lint('src/renderer/src/features/images/generate/Form.tsx', "import { x } from '../../edit/store'")
    ).toHaveLength(1)
    for (const allowed of [
      "import { useEditStore } from './store'",
      "import { JobStage } from '../../media/JobStage'",
      "import { Modal } from '../../ui/Modal'",
      "import { statusText } from '../../jobs/status'",
      "import { useJobsStore } from '../../store/jobs'",
      "import { offerAsReference } from '@renderer/store/handoff'",
      "import type { Connection } from '../../api'",
      "import '../../styles/studio.css'",
      "import { ENDPOINTS } from '@shared/gateway/spec'"
    ])
      expect(lint(edit, allowed), allowed).toEqual([])
    expect(lint('src/renderer/src/features/images/generate/Form.tsx', "import { x } from '../form'")).toEqual(
      []
    )
  })

  it('keeps features out of the shared renderer modules, and the shell out of features', () => {
    expect(
      lint('src/renderer/src/ui/x.ts', "import { useQueueStore } from '../features/queue/store'")
    ).toHaveLength(1)
    expect(
      lint('src/renderer/src/media/x.ts', "import { f } from '@renderer/features/images/form'")
    ).toHaveLength(1)
    expect(lint('src/renderer/src/store/x.ts', "import { e } from '../features/edit/store'")).toHaveLength(1)
    expect(
      lint('src/renderer/src/api/bridge.ts', "import { b } from '../features/chat/bridge'")
    ).toHaveLength(1)
    expect(lint('src/renderer/src/jobs/x.ts', "import { m } from '../features/queue/model'")).toHaveLength(1)
    expect(lint('src/renderer/src/ui/x.ts', "import { useAppStore } from '../store/app'")).toEqual([])
    expect(
      lint('src/renderer/src/features/queue/x.tsx', "import { Sidebar } from '../../shell/Sidebar'")
    ).toEqual([
      'The queue feature must not import the shell, App or main (../../shell/Sidebar): only they compose screens.'
    ])
    expect(lint('src/renderer/src/media/x.ts', "import { App } from '../App'")).toHaveLength(1)
  })

  it('lets the shell, App and main compose the features', () => {
    expect(
      lint('src/renderer/src/shell/bridge.ts', "import { bridgeChat } from '../features/chat/bridge'")
    ).toEqual([])
    expect(
      lint('src/renderer/src/shell/Sidebar.tsx', "import { QueueBadge } from '../features/queue/QueueBadge'")
    ).toEqual([])
    expect(
      lint('src/renderer/src/App.tsx', "import { ChatScreen } from './features/chat/ChatScreen'")
    ).toEqual([])
    expect(lint('src/renderer/src/main.tsx', "import { bridgeEvents } from './shell/bridge'")).toEqual([])
  })

  it('passes the renderer as it is', () => {
    const base = join(root, 'src/renderer/src')
    const files = readdirSync(base, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f))
    expect(files.length).toBeGreaterThan(50)
    const refused = files.flatMap((f) =>
      lint(relative(root, join(base, f)), readFileSync(join(base, f), 'utf8')).map((m) => `${f}: ${m}`)
    )
    expect(refused).toEqual([])
  })

  it('lets only the shells import the composition root', () => {
    expect(lint('src/main/services/app.ts', "import type { Logger } from '../backend'")).toHaveLength(1)
    expect(lint('src/main/jobs/engine.ts', "import { createBackend } from '../backend.ts'")).toHaveLength(1)
    expect(lint('src/main/web/cli.ts', "import { createBackend } from '../backend'")).toEqual([])
    expect(lint('src/main/electron/app.ts', "import { createBackend } from '../backend'")).toEqual([])
  })

  it('refuses an upward import between the backend layers, and lets each use those below', () => {
    expect(
      lint('src/main/chat/runner.ts', "import { toAppFailure } from '../services/gatewayFailure'")
    ).toEqual([
      'The domain layer (chat/) must not import the services layer above it (../services/gatewayFailure).'
    ])
    expect(lint('src/main/gateway/client.ts', "import type { JobView } from '../jobs/views'")).toHaveLength(1)
    expect(lint('src/main/contract/dispatch.ts', "import { Library } from '../library'")).toHaveLength(1)
    expect(lint('src/main/library/store.ts', "import { x } from '../electron/protocol'")).toHaveLength(1)
    const fine: [string, string][] = [
      ['src/main/services/chat.ts', '../chat/runner'],
      ['src/main/chat/runner.ts', '../gateway/failure'],
      ['src/main/jobs/engine.ts', '../library'],
      ['src/main/library/download.ts', '../dataFolder/storageFaults'],
      ['src/main/gateway/failure.ts', '../contract/failure'],
      ['src/main/web/server.ts', '../security/paths'],
      ['src/main/jobs/engine.ts', './scheduler']
    ]
    for (const [file, source] of fine)
      expect(lint(file, `import { x } from '${source}'`), `${file} → ${source}`).toEqual([])
  })

  it('asks a new backend folder to say which layer it is in', () => {
    expect(lint('src/main/somewhere/new.ts', 'export const x = 1')).toEqual([
      'somewhere is in no backend layer: add it to BACKEND_LAYERS in scripts/eslint/layers.mjs and docs/ARCHITECTURE.md.'
    ])
  })

  it('passes the backend as it is', () => {
    const base = join(root, 'src/main')
    const files = readdirSync(base, { recursive: true, encoding: 'utf8' }).filter((f) => /\.ts$/.test(f))
    expect(files.length).toBeGreaterThan(100)
    const refused = files.flatMap((f) =>
      lint(relative(root, join(base, f)), readFileSync(join(base, f), 'utf8')).map((m) => `${f}: ${m}`)
    )
    expect(refused).toEqual([])
  })

  it('keeps the emulator independent of the app', () => {
    expect(lint('src/emulator/x.ts', "import { spec } from '../shared/gateway/spec'")).toHaveLength(1)
    expect(lint('src/emulator/x.ts', "import { c } from '../main/gateway'")).toHaveLength(1)
  })
})
