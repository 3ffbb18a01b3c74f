/**
 * The generic update feed, fixed when `electron-vite build` runs (GS_UPDATE_FEED_URL; see
 * electron.vite.config.ts). Empty when the build was made without one.
 */
declare const __UPDATE_FEED_URL__: string
