// The layer rule of ARCHITECTURE.md §7, enforced on every import, export-from, dynamic import and require.
// Paths are resolved (relative and @shared/@renderer aliases) so `../../` cannot sneak across a layer.
import { dirname, relative, resolve, sep } from 'node:path'

const root = resolve(import.meta.dirname, '..', '..')
const aliases = { '@shared/': 'src/shared/', '@renderer/': 'src/renderer/src/' }

function layerOf(file) {
  // A trailing slash makes a directory import (`../emulator`) count as inside its folder.
  const rel = relative(root, file).split(sep).join('/') + '/'
  if (rel.startsWith('src/shared/')) return 'shared'
  if (rel.startsWith('src/preload/')) return 'preload'
  if (rel.startsWith('src/renderer/')) return 'renderer'
  if (rel.startsWith('src/emulator/')) return 'emulator'
  if (rel.startsWith('src/main/electron/') || rel === 'src/main/index.ts/' || rel === 'src/main/index/')
    return 'shell'
  if (rel.startsWith('src/main/')) return 'backend'
  return null
}

// Which layers each layer may import from; `electron` and Node built-ins are listed separately.
const allowed = {
  shared: { layers: ['shared'], electron: false, node: false },
  preload: { layers: ['preload', 'preload-types', 'shared'], electron: true, node: false },
  renderer: { layers: ['renderer', 'shared', 'preload-types'], electron: false, node: false },
  backend: { layers: ['backend', 'shared', 'emulator'], electron: false, node: true },
  shell: { layers: ['shell', 'backend', 'shared'], electron: true, node: true },
  emulator: { layers: ['emulator'], electron: false, node: true }
}

function targetOf(source, fromFile) {
  for (const [prefix, path] of Object.entries(aliases)) {
    if (source.startsWith(prefix)) return resolve(root, path, source.slice(prefix.length))
  }
  if (source.startsWith('.')) return resolve(dirname(fromFile), source)
  return null
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep shared, preload, renderer, backend, shell and emulator layers apart' },
    schema: [],
    messages: { forbidden: '{{from}} code must not import {{what}} ({{source}}).' }
  },
  create(context) {
    const file = context.filename
    const from = layerOf(file)
    if (!from) return {}
    const rules = allowed[from]
    const check = (node, source) => {
      if (typeof source !== 'string') return
      const report = (what) => context.report({ node, messageId: 'forbidden', data: { from, what, source } })
      if (source === 'electron' || source.startsWith('electron/')) {
        if (!rules.electron) report('electron')
        return
      }
      if (source.startsWith('node:')) {
        if (!rules.node) report('Node built-ins')
        return
      }
      const target = targetOf(source, file)
      if (!target) return
      const rel = relative(root, target).split(sep).join('/')
      let to = layerOf(target)
      if (rel === 'src/preload/api' || rel === 'src/preload/api.ts') to = 'preload-types'
      if (to && !rules.layers.includes(to)) report(`the ${to} layer`)
      if (!to && rel.startsWith('src/')) report('an unknown layer')
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      CallExpression: (node) => {
        if (
          node.callee.type === 'Identifier' &&
          node.callee.name === 'require' &&
          node.arguments[0]?.type === 'Literal'
        ) {
          check(node, node.arguments[0].value)
        }
      }
    }
  }
}

export default { rules: { imports: rule } }
