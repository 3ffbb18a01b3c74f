// The parts of the emulator's responses the tests read; the tests assert them, these only name them.

export interface ChatUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
  prompt_tokens_details: { cached_tokens: number }
}

export interface ChatCompletion {
  object: string
  choices: {
    message: { content: string | null; tool_calls?: { function: { name: string; arguments: string } }[] }
    finish_reason: string
  }[]
  usage: ChatUsage
}

export interface ChatChunk {
  object: string
  choices: {
    delta: { content?: string; tool_calls?: { function: { arguments: string } }[] }
    finish_reason: string | null
  }[]
  usage?: ChatUsage | null
}

export interface AnthropicUsage {
  input_tokens: number
  output_tokens: number
  cache_creation_input_tokens: number
  cache_read_input_tokens: number
}

export interface AnthropicMessage {
  type: string
  role: string
  stop_reason: string
  content: { type: string; text?: string }[]
  usage: AnthropicUsage
}

export interface AnthropicEvent {
  type: string
  delta?: { type: string; partial_json?: string; stop_reason?: string }
  content_block?: { type: string; name?: string }
  usage?: { output_tokens: number }
}

export interface OpenAiResponse {
  object: string
  status: string
  output: { type: string; name?: string; content: { type: string; text: string }[] }[]
  usage: { input_tokens: number; output_tokens: number; total_tokens: number; input_tokens_details: unknown }
  incomplete_details: unknown
}

export interface ResponseEvent {
  type: string
  sequence_number: number
  delta?: string
  response?: OpenAiResponse
}

export interface ImageSet {
  created: number
  size?: string
  output_format?: string
  background?: string
  quality?: string
  data: {
    url?: string
    b64_json?: string
    size?: string
    revised_prompt?: string
    error?: { code: string }
  }[]
  usage?: Record<string, unknown>
}

export interface Task {
  id: string
  object: string
  model: string
  status: string
  created_at: number
  completed_at: number | null
  data?: { url: string }[]
  result_url?: string
  result?: { video_url?: string; url?: string; duration?: number } | null
  error?: unknown
  usage?: unknown
}

export interface PartnerAEvent {
  type: string
  image_index?: number
  b64_json?: string
  url?: string
  size?: string
  model?: string
  data?: { b64_json?: string; url?: string; size: string }[]
  usage?: { generated_images: number }
  error?: { code: string }
}
