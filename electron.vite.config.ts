import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

const shared = resolve(__dirname, 'src/shared')
// The auto-update feed is part of the build, not of the environment the installed app later runs in;
// electron-builder.config.ts reads the same variable to publish to that feed. Empty means updates are off.
const updateFeedUrl = process.env.GS_UPDATE_FEED_URL?.trim() ?? ''

export default defineConfig({
  main: {
    resolve: { alias: { '@shared': shared } },
    define: { __UPDATE_FEED_URL__: JSON.stringify(updateFeedUrl) },
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/main/index.ts') },
        external: ['better-sqlite3', 'sharp']
      }
    }
  },
  preload: {
    resolve: { alias: { '@shared': shared } },
    build: {
      // A sandboxed preload cannot require node_modules: zod and the contract are bundled into it.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs' }
      }
    }
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    base: './',
    resolve: {
      alias: {
        '@renderer': resolve(__dirname, 'src/renderer/src'),
        '@shared': shared
      }
    },
    plugins: [react()],
    build: {
      // GS_RENDERER_OUT lets parallel work build and test its own renderer copy without clobbering out/.
      outDir: process.env.GS_RENDERER_OUT ?? resolve(__dirname, 'out/renderer'),
      // electron-vite leaves the renderer unminified; the web host serves it over HTTP, so size matters there.
      // GS_RENDERER_MINIFY=0 keeps our function names for a bench's --profile (README, Benchmarks).
      minify: process.env.GS_RENDERER_MINIFY !== '0',
      rollupOptions: { input: resolve(__dirname, 'src/renderer/index.html') }
    }
  }
})
