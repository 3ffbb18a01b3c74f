import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ResultView } from '@shared/schemas/jobs'
import type { ApiClient } from '@shared/client'
import { VideoPlayer } from '@renderer/media/VideoPlayer'
import { videoFailureWords } from '@renderer/media/mediaErrors'
import { createI18n } from '@renderer/i18n'
import { useAppStore } from '@renderer/store/app'

const video = {
  id: 'r1',
  mediaId: 'abcdef0123456789',
  mime: 'video/mp4',
  width: 320,
  height: 180
} as unknown as ResultView

describe('a stored video that cannot be played says why and offers the file (issue 15)', () => {
  beforeEach(() => {
    useAppStore.setState({
      connection: { api: {} as ApiClient, host: 'web', mediaUrl: (id) => `/media/${id}` }
    })
  })

  it('names the decode failure with the player’s own detail, and links the file for another player', () => {
    const { container } = render(<VideoPlayer result={video} label="Video: waves" />)
    const element = container.querySelector('video') as HTMLVideoElement
    Object.defineProperty(element, 'error', { value: { code: 3, message: 'DEMUXER_ERROR_COULD_NOT_PARSE' } })
    fireEvent.error(element)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('This video cannot be played here')
    expect(alert).toHaveTextContent(
      'The file was read but could not be decoded: it is damaged, or encoded in a way this player does not read (the player says: DEMUXER_ERROR_COULD_NOT_PARSE).'
    )
    const link = screen.getByRole('link', { name: 'Download the file' })
    expect(link).toHaveAttribute('href', '/media/abcdef0123456789')
    expect(link).toHaveAttribute('download', 'video-abcdef012345.mp4')
  })

  it('words every kind of failure', () => {
    expect(videoFailureWords({ code: 2 }, 'video/mp4')).toMatch(/could not be read from the library/)
    expect(videoFailureWords({ code: 4 }, 'video/x-matroska')).toMatch(
      /cannot open this file as video\/x-matroska: it is damaged/
    )
    expect(videoFailureWords(null, null)).toMatch(/as a video/)
  })

  it('words them in 简体中文, with the player’s own detail as it came (issue 16)', () => {
    const zh = createI18n('zh-CN').t
    expect(videoFailureWords({ code: 3, message: 'PIPELINE_ERROR_DECODE' }, 'video/mp4', zh)).toBe(
      '文件已读取，但无法解码：文件已损坏，或其编码方式这个播放器无法读取（播放器提示：PIPELINE_ERROR_DECODE）。'
    )
    expect(videoFailureWords(null, null, zh)).toMatch(/^这个播放器无法以视频格式打开此文件/)
  })
})
