import { describe, expect, it } from 'vitest'
import { reportedTokens } from '../../../../src/shared/money/usage'

describe('tokens as the gateway reports them', () => {
  it('reads chat completions: prompt and completion, cached input a share of the prompt', () => {
    expect(
      reportedTokens({
        prompt_tokens: 1_000,
        completion_tokens: 200,
        total_tokens: 1_200,
        prompt_tokens_details: { cached_tokens: 600 }
      })
    ).toEqual({ input: 1_000, cachedInput: 600, output: 200, exact: true, totalOnly: false })
  })

  it('reads messages: cache reads and writes are counted apart from input, so they are added', () => {
    expect(
      reportedTokens({
        input_tokens: 100,
        output_tokens: 50,
        cache_read_input_tokens: 800,
        cache_creation_input_tokens: 100
      })
    ).toEqual({ input: 1_000, cachedInput: 800, output: 50, exact: true, totalOnly: false })
  })

  it('reads responses and v3 images: input with its details', () => {
    expect(
      reportedTokens({
        input_tokens: 300,
        output_tokens: 4_160,
        total_tokens: 4_460,
        input_tokens_details: { text_tokens: 40, image_tokens: 260, cached_tokens: 100 }
      })
    ).toEqual({ input: 300, cachedInput: 100, output: 4_160, exact: true, totalOnly: false })
  })

  it('finds the missing side from the total (partner-a, video tasks)', () => {
    expect(reportedTokens({ output_tokens: 4_000, total_tokens: 4_100 })).toEqual({
      input: 100,
      cachedInput: 0,
      output: 4_000,
      exact: true,
      totalOnly: false
    })
    expect(reportedTokens({ completion_tokens: 900, total_tokens: 1_000 })).toMatchObject({
      input: 100,
      exact: true
    })
    expect(reportedTokens({ prompt_tokens: 100, total_tokens: 1_000 })).toMatchObject({
      output: 900,
      exact: true
    })
  })

  it('says when a side is missing, or only the total is known', () => {
    expect(reportedTokens({ output_tokens: 50 })).toEqual({
      input: 0,
      cachedInput: 0,
      output: 50,
      exact: false,
      totalOnly: false
    })
    expect(reportedTokens({ total_tokens: 1_500 })).toEqual({
      input: 0,
      cachedInput: 0,
      output: 1_500,
      exact: false,
      totalOnly: true
    })
  })

  it('ignores what it cannot read, and says nothing when nothing is left', () => {
    for (const usage of [
      null,
      undefined,
      42,
      'usage',
      [],
      {},
      { generated_images: 2 },
      { total_tokens: -1 }
    ]) {
      expect({ usage, tokens: reportedTokens(usage) }).toEqual({ usage, tokens: null })
    }
    expect(
      reportedTokens({
        prompt_tokens: '120',
        completion_tokens: 1.5,
        total_tokens: 'lots',
        prompt_tokens_details: 'none'
      })
    ).toEqual({ input: 120, cachedInput: 0, output: 0, exact: false, totalOnly: false })
    expect(reportedTokens({ input_tokens: 10, output_tokens: 1e15 })).toMatchObject({
      output: 0,
      exact: false
    })
  })

  it('never counts more cached tokens than input tokens', () => {
    expect(
      reportedTokens({
        prompt_tokens: 10,
        completion_tokens: 1,
        prompt_tokens_details: { cached_tokens: 50 }
      })
    ).toMatchObject({ input: 10, cachedInput: 10 })
  })
})
