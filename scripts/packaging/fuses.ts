import { join } from 'node:path'
import { flipFuses, FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses'

/**
 * RELIABILITY P8: the packaged binary cannot be turned back into a plain Node runtime or debugged through
 * the environment, and only runs the (integrity-checked) app.asar it shipped with. Every fuse the wire
 * knows is set explicitly (`strictlyRequireAllFuses`), so an Electron upgrade that adds a fuse fails the
 * packaging loudly instead of shipping it at whatever default it has.
 */
export function fuseConfig(platform: string, arch: string): FuseV1Config {
  return {
    version: FuseVersion.V1,
    strictlyRequireAllFuses: true,
    // Flipping fuses invalidates the ad-hoc signature Apple silicon insists on even for unsigned builds.
    resetAdHocDarwinSignature: platform === 'darwin' && (arch === 'arm64' || arch === 'universal'),
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    // Enforced by Electron on macOS and Windows; electron-builder writes the asar hash it checks against.
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
    // Our UI comes from app:// (P7); file:// needs no privileges beyond a normal web page's.
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    // Electron's default; WebAssembly bounds checks stay in hardware.
    [FuseV1Options.WasmTrapHandlers]: true
  }
}

/** The part of electron-builder's afterPack context the hook reads (kept small so tests can build one). */
export interface FuseHookContext {
  appOutDir: string
  electronPlatformName: string
  /** electron-builder's Arch enum value; `archName` translates it. */
  arch: number
  packager: { appInfo: { productFilename: string }; executableName?: string }
}

const ARCH_NAMES: Record<number, string> = { 0: 'ia32', 1: 'x64', 2: 'armv7l', 3: 'arm64', 4: 'universal' }

/** Where electron-builder put the Electron executable (mirrors its own addElectronFuses). */
export function electronBinaryPath(context: FuseHookContext): string {
  const { appOutDir, electronPlatformName, packager } = context
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(appOutDir, `${packager.appInfo.productFilename}.app`)
    case 'win32':
      return join(appOutDir, `${packager.appInfo.productFilename}.exe`)
    default:
      // Linux names the binary after `linux.executableName`, not the product name.
      return join(appOutDir, packager.executableName ?? packager.appInfo.productFilename)
  }
}

/**
 * electron-builder `afterPack` hook: runs after the app is copied in and before signing, which is the
 * only moment fuses can change without breaking a signature.
 */
export async function flipPackagedFuses(context: FuseHookContext): Promise<void> {
  const arch = ARCH_NAMES[context.arch] ?? String(context.arch)
  await flipFuses(electronBinaryPath(context), fuseConfig(context.electronPlatformName, arch))
}
