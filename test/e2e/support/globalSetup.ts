import { spawnSync } from 'node:child_process'

/** Builds the renderer once per run so every test serves what the user would get; CI builds before e2e. */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return
  const result = spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error('electron-vite build failed')
}
