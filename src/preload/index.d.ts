import type { PreloadApi } from './api'

declare global {
  interface Window {
    /** Present only inside the Electron shell; the web host talks over its WebSocket instead. */
    api?: PreloadApi
  }
}
