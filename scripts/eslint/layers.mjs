// The layer rule of docs/ARCHITECTURE.md §2, enforced on every import, export-from, dynamic import and require.
// Paths are resolved (relative and @shared/@renderer aliases) so `../../` cannot sneak across a layer.
// Inside the renderer, screens stay apart too: see `rendererPartOf`.
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

/**
 * The backend's own layers, top to bottom (docs/ARCHITECTURE.md §2.2): a module imports its own
 * layer or those below, never one above. The shells carry the backend; the composition root builds every
 * module; services are the contract's command handlers; the domain is what the app does (jobs, chat,
 * gallery, presets, profiles, notices, settings); the ports reach the outside world (the gateway, the
 * library's files, the database, secrets, the data folder); the base is what all of them share.
 */
const BACKEND_LAYERS = [
  ['shells', ['electron', 'web', 'index.ts']],
  ['composition root', ['backend.ts']],
  ['services', ['services']],
  [
    'domain',
    ['jobs', 'money', 'chat', 'gallery', 'presets', 'profiles', 'notices', 'settings', 'provenance', 'sync']
  ],
  ['ports', ['gateway', 'library', 'locations', 'db', 'secrets', 'dataFolder']],
  ['base', ['contract', 'time', 'security', 'log.ts', 'version.ts', 'crashPoints.ts']]
]

/** The rank (0 = top) and name of a file's backend layer, or null outside `src/main` or in an unlisted place. */
function backendLayerOf(file) {
  const rel = relative(root, file).split(sep).join('/')
  if (!rel.startsWith('src/main/')) return null
  const first = rel.slice('src/main/'.length).split('/')[0] ?? ''
  const names = [first, `${first}.ts`]
  const rank = BACKEND_LAYERS.findIndex(([, members]) => names.some((name) => members.includes(name)))
  return rank < 0
    ? { rank: -1, name: 'an unlisted place', top: first }
    : { rank, name: BACKEND_LAYERS[rank][0], top: first }
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

/**
 * Where a renderer file sits among the screens: `features/<name>/` is one screen's feature; `shell/`,
 * `App.tsx` and `main.tsx` compose the screens; every other folder (ui/, media/, jobs/, api/, store/,
 * styles/) is a module any screen may use. A feature imports only itself and modules; a module imports only
 * modules; only the composition imports features. api/ feeds the shared stores alone, and shell/bridge.ts
 * wires each feature's bridge, so no exception is needed for the event bridge.
 */
function rendererPartOf(file) {
  const rel = relative(root, file).split(sep).join('/')
  if (!rel.startsWith('src/renderer/src/')) return null
  const [top, name] = rel.slice('src/renderer/src/'.length).split('/')
  if (top === 'features') return { kind: 'feature', name: name ?? '' }
  if (top === 'shell' || /^(App|main)(\.tsx?)?$/.test(top)) return { kind: 'composition' }
  return { kind: 'module', name: top.replace(/\.[^.]*$/, '') }
}

const partName = (part) => (part.kind === 'feature' ? `The ${part.name} feature` : `Renderer ${part.name}/`)

/** Why a renderer import crosses between screens (a message id and its words), or null when it may. */
function rendererRefusal(fromFile, target) {
  const from = rendererPartOf(fromFile)
  const to = rendererPartOf(target)
  if (!from || !to || from.kind === 'composition') return null
  if (to.kind === 'composition') return { messageId: 'composition', data: { from: partName(from) } }
  if (to.kind !== 'feature' || (from.kind === 'feature' && from.name === to.name)) return null
  return {
    messageId: 'feature',
    data: { from: partName(from), what: `the ${to.name || 'features'} feature` }
  }
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
    docs: {
      description:
        'Keep shared, preload, renderer, backend, shell and emulator layers apart, and renderer features apart'
    },
    schema: [],
    messages: {
      forbidden: '{{from}} code must not import {{what}} ({{source}}).',
      feature:
        '{{from}} must not import {{what}} ({{source}}): move what both need to ui/, media/, jobs/ or store/.',
      composition: '{{from}} must not import the shell, App or main ({{source}}): only they compose screens.',
      root: 'backend modules must not import the composition root ({{source}}): only the shells build the backend.',
      upward: 'The {{from}} layer ({{fromTop}}/) must not import the {{to}} layer above it ({{source}}).',
      unlisted:
        '{{top}} is in no backend layer: add it to BACKEND_LAYERS in scripts/eslint/layers.mjs and docs/ARCHITECTURE.md.'
    }
  },
  create(context) {
    const file = context.filename
    const from = layerOf(file)
    if (!from) return {}
    // A new folder of the backend says where it stands before anything in it can pass.
    const placed = backendLayerOf(file)
    const unplaced = placed !== null && placed.rank < 0 ? placed.top : null
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
      const crossing = to !== null && !rules.layers.includes(to)
      if (crossing) report(`the ${to} layer`)
      if (!to && rel.startsWith('src/')) report('an unknown layer')
      // The composition root builds every module; a module that imports it back makes a cycle. The web host
      // is a shell that lives in the backend's layer (it may use Node, never electron), so it may.
      const inWebHost = relative(root, file).split(sep).join('/').startsWith('src/main/web/')
      if (from === 'backend' && !inWebHost && (rel === 'src/main/backend' || rel === 'src/main/backend.ts')) {
        context.report({ node, messageId: 'root', data: { source } })
      }
      const mine = backendLayerOf(file)
      const theirs = backendLayerOf(target)
      // The composition root has its own message (below), which says more than "a layer above".
      const upward = mine && theirs && mine.rank >= 0 && theirs.rank >= 0 && theirs.rank < mine.rank
      if (upward && !crossing && BACKEND_LAYERS[theirs.rank][0] !== 'composition root') {
        context.report({
          node,
          messageId: 'upward',
          data: { from: mine.name, fromTop: mine.top, to: theirs.name, source }
        })
      }
      const refusal = from === 'renderer' && to === 'renderer' ? rendererRefusal(file, target) : null
      if (refusal) context.report({ node, messageId: refusal.messageId, data: { ...refusal.data, source } })
    }
    return {
      Program: (node) => {
        if (unplaced) context.report({ node, messageId: 'unlisted', data: { top: unplaced } })
      },
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
