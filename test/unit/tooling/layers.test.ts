import { join } from 'node:path'
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
        files: ['**/*.ts'],
        plugins: { layers: layers as never },
        rules: { 'layers/imports': 'error' },
        languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' }
      }
    ],
    join(root, file)
  )
  return messages.map((message) => message.message)
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

  it('keeps the emulator independent of the app', () => {
    expect(lint('src/emulator/x.ts', "import { spec } from '../shared/gateway/spec'")).toHaveLength(1)
    expect(lint('src/emulator/x.ts', "import { c } from '../main/gateway'")).toHaveLength(1)
  })
})
