/** Images being preloaded, held until loaded so they are not collected mid-way. */
const preloading = new Set<HTMLImageElement>()

/**
 * Starts loading and decoding an image the page is about to show; its `<img>` then finds it in the memory
 * cache. The request leaves now, while the main thread is still busy rendering what will show it.
 */
export function preloadImage(url: string): Promise<void> {
  const image = new Image()
  image.decoding = 'async'
  preloading.add(image)
  const done = (): void => {
    preloading.delete(image)
  }
  image.src = url
  // Resolves (never rejects) once it is decoded or has failed: a caller may hold other work until then.
  return image.decode().then(done, done)
}
