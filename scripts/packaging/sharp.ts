import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { extractFile, listPackage, statFile } from '@electron/asar'

/**
 * sharp's native code lives in per-platform optional packages (`@img/sharp-<os>-<cpu>`, and on Linux and
 * macOS `@img/sharp-libvips-<os>-<cpu>` beside it). npm installs only the ones matching the machine, and
 * electron-builder copies only what its dependency walk (`npm ls`) reports. When that walk misses them —
 * node_modules reached through a symlink makes npm report every package as a link with no dependencies,
 * and a build for another OS or CPU finds nothing installed — the app still holds sharp, which then throws
 * on its first image. This afterPack check makes such a build fail instead.
 */

/** electron-builder's Arch enum value to the CPU names sharp's packages use (universal = both Mac CPUs). */
const SHARP_CPUS: Record<number, string[]> = {
  0: ['ia32'],
  1: ['x64'],
  2: ['arm'],
  3: ['arm64'],
  4: ['x64', 'arm64']
}

/**
 * The packages sharp loads at run time on an Electron target, limited to what sharp's own
 * optionalDependencies name (Windows has no separate libvips package). Electron on Linux is glibc-only, so
 * the musl packages never apply.
 */
export function sharpNativePackages(
  electronPlatformName: string,
  arch: number,
  optionalDependencies: Record<string, string>
): string[] {
  const os = electronPlatformName === 'mas' ? 'darwin' : electronPlatformName
  return (SHARP_CPUS[arch] ?? [])
    .flatMap((cpu) => [`@img/sharp-${os}-${cpu}`, `@img/sharp-libvips-${os}-${cpu}`])
    .filter((name) => name in optionalDependencies)
}

/** The part of electron-builder's afterPack context the check reads (kept small so tests can build one). */
export interface SharpHookContext {
  appOutDir: string
  electronPlatformName: string
  /** electron-builder's Arch enum value. */
  arch: number
  packager?: { appInfo: { productFilename: string } }
}

function resourcesDir({ appOutDir, electronPlatformName, packager }: SharpHookContext): string {
  return electronPlatformName === 'darwin' || electronPlatformName === 'mas'
    ? join(appOutDir, `${packager?.appInfo.productFilename ?? ''}.app`, 'Contents', 'Resources')
    : join(appOutDir, 'resources')
}

/**
 * electron-builder `afterPack` hook: if the packed app.asar holds sharp, it must hold sharp's native
 * packages for the target too, every file of them unpacked onto disk (native code cannot load from inside
 * the archive), the platform package with its `.node` file. An app without sharp has nothing to check.
 */
export function assertSharpNativePacked(context: SharpHookContext): void {
  const resources = resourcesDir(context)
  const asar = join(resources, 'app.asar')
  if (!existsSync(asar)) return
  const files = listPackage(asar, { isPack: false }).map((file) =>
    file.replace(/^[\\/]/, '').replaceAll('\\', '/')
  )
  if (!files.includes('node_modules/sharp/package.json')) return

  const sharp = JSON.parse(extractFile(asar, 'node_modules/sharp/package.json').toString('utf8')) as {
    optionalDependencies?: Record<string, string>
  }
  const target = `${context.electronPlatformName}-${(SHARP_CPUS[context.arch] ?? [`arch ${context.arch}`]).join('+')}`
  const wanted = sharpNativePackages(
    context.electronPlatformName,
    context.arch,
    sharp.optionalDependencies ?? {}
  )
  if (wanted.length === 0) throw new Error(`sharp has no native package for ${target}`)

  const problems: string[] = []
  for (const name of wanted) {
    const own = files.filter((file) => file.startsWith(`node_modules/${name}/`))
    if (!own.includes(`node_modules/${name}/package.json`)) {
      problems.push(`${name} is missing`)
      continue
    }
    const packed = own.filter((file) => {
      const entry = statFile(asar, file, false)
      if (!('size' in entry)) return false
      return !entry.unpacked || !existsSync(join(resources, 'app.asar.unpacked', file))
    })
    if (packed.length > 0) problems.push(`${name} is not unpacked (${packed.slice(0, 3).join(', ')})`)
    if (!name.startsWith('@img/sharp-libvips-') && !own.some((file) => file.endsWith('.node')))
      problems.push(`${name} has no .node file`)
  }
  if (problems.length > 0) {
    throw new Error(
      `the app holds sharp but not its native code for ${target}:\n  - ${problems.join('\n  - ')}\n` +
        `Package on a ${target} machine (npm installs sharp's native packages for that machine only), from ` +
        'the project folder itself: electron-builder misses them when node_modules is reached through a symlink.'
    )
  }
}
