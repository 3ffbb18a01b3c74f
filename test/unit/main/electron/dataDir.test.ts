import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DATA_DIR_ENV, dataDirOverride } from '../../../../src/main/electron/dataDir'

describe('moving the desktop data folder', () => {
  it("keeps Electron's own folder when nothing is asked", () => {
    expect(dataDirOverride(['/opt/gs/gateway-studio'], {})).toBeUndefined()
    expect(
      dataDirOverride(['/opt/gs/gateway-studio', '--data-dir='], { [DATA_DIR_ENV]: ' ' })
    ).toBeUndefined()
  })

  it('takes the environment variable, resolved to an absolute path', () => {
    expect(dataDirOverride(['gs'], { GATEWAY_STUDIO_DATA_DIR: '/mnt/big/studio' })).toBe('/mnt/big/studio')
    expect(dataDirOverride(['gs'], { GATEWAY_STUDIO_DATA_DIR: 'studio-data' })).toBe(resolve('studio-data'))
  })

  it('lets --data-dir=DIR on the command line win over the variable', () => {
    expect(dataDirOverride(['gs', '--data-dir=/tmp/one'], { GATEWAY_STUDIO_DATA_DIR: '/tmp/two' })).toBe(
      '/tmp/one'
    )
  })
})
