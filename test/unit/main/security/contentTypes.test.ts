import { describe, expect, it } from 'vitest'
import { contentTypeFor } from '../../../../src/main/security/contentTypes'

describe('contentTypeFor', () => {
  // Every kind of file a renderer build holds; scripts and text with their charset.
  it.each([
    ['/out/renderer/index.html', 'text/html; charset=utf-8'],
    ['assets/index-3f9a.js', 'text/javascript; charset=utf-8'],
    ['assets/worker.mjs', 'text/javascript; charset=utf-8'],
    ['assets/app.css', 'text/css; charset=utf-8'],
    ['manifest.json', 'application/json; charset=utf-8'],
    ['icon.svg', 'image/svg+xml'],
    ['logo.png', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['photo.webp', 'image/webp'],
    ['favicon.ico', 'image/x-icon'],
    ['font.woff2', 'font/woff2'],
    ['intro.mp4', 'video/mp4'],
    // The last extension counts, whatever its case.
    ['INDEX.HTML', 'text/html; charset=utf-8'],
    ['app.min.Js', 'text/javascript; charset=utf-8'],
    // Anything else gets a type the browser never runs or renders.
    ['page.html.txt', 'application/octet-stream'],
    ['notes.txt', 'application/octet-stream'],
    ['Makefile', 'application/octet-stream'],
    ['.htaccess', 'application/octet-stream'],
    ['app.js.map', 'application/octet-stream'],
    ['dir/', 'application/octet-stream']
  ])('%s is served as %s', (file, type) => {
    expect(contentTypeFor(file)).toBe(type)
  })
})
