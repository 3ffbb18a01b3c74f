/**
 * "Copy image": the picture and its story on the clipboard in one item. Browsers and system clipboards
 * re-encode every image they are given, so no metadata survives there: the story goes as the text beside
 * the picture instead, for whatever the paste lands in.
 */

/**
 * The image's pixels as a PNG, the one image type every clipboard takes, drawn through a canvas whatever
 * the file's own type: a PNG is decoded and encoded again by the clipboard anyway, and reading the file's
 * bytes would need a connection the desktop app's policy refuses (P4). Loaded for CORS, so that its pixels
 * may be read in Electron, where media are another origin's.
 */
export async function pngOf(src: string): Promise<Blob> {
  const image = new Image()
  image.crossOrigin = 'anonymous'
  image.src = src
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = image.naturalWidth
  canvas.height = image.naturalHeight
  const context = canvas.getContext('2d')
  if (!context) throw new Error('No canvas to draw the image on.')
  context.drawImage(image, 0, 0)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))),
      'image/png'
    )
  )
}

/**
 * Writes the image at `src` and `story` to the clipboard as one item (`image/png` and `text/plain`). Called
 * in the click itself, the picture given as a promise: the write must begin while the click still counts
 * as the user's, and decoding a large image may outlast that.
 */
export async function copyImageAndStory(src: string, story: string): Promise<void> {
  // Where the page may not write to the clipboard, nothing is started that would go unheard.
  if (typeof ClipboardItem === 'undefined' || typeof navigator.clipboard?.write !== 'function')
    throw new Error('No clipboard to write to.')
  const picture = pngOf(src)
  // A write refused at once leaves the picture's failure, if any, to no one.
  picture.catch(() => undefined)
  const item = new ClipboardItem({
    'image/png': picture,
    'text/plain': new Blob([story], { type: 'text/plain' })
  })
  await navigator.clipboard.write([item])
}
