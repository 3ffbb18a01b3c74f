/**
 * Golden SSE bodies, shaped as docs/GATEWAY.md show them. Written with LF; the tests derive
 * CRLF, CR, BOM and comment variants from them.
 */

export const CHAT_TEXT = [
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1760000000,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"Hi ☕ "},"finish_reason":null}],"usage":null}',
  '',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1760000000,"model":"m","choices":[{"index":0,"delta":{"content":"日本語 👋"},"finish_reason":null}],"usage":null}',
  '',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1760000000,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":null}',
  '',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1760000000,"model":"m","choices":[],"usage":{"prompt_tokens":5,"completion_tokens":3,"total_tokens":8,"prompt_tokens_details":{"cached_tokens":0}}}',
  '',
  'data: [DONE]',
  '',
  ''
].join('\n')

export const CHAT_TOOLS = [
  'data: {"id":"c2","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":""}}]},"finish_reason":null}]}',
  '',
  'data: {"id":"c2","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"city\\":"}}]},"finish_reason":null}]}',
  '',
  'data: {"id":"c2","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\\"Zürich\\"}"}}]},"finish_reason":null}]}',
  '',
  'data: {"id":"c2","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":9,"completion_tokens":7,"total_tokens":16}}',
  '',
  'data: [DONE]',
  '',
  ''
].join('\n')

export const CHAT_ERROR = [
  'data: {"id":"c3","choices":[{"index":0,"delta":{"content":"partial"},"finish_reason":null}]}',
  '',
  'data: {"error":{"type":"server_error","code":"upstream_failed","message":"upstream went away"}}',
  '',
  ''
].join('\n')

export const MESSAGES_FULL = [
  'event: message_start',
  'data: {"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","content":[],"model":"m","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":12,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":1}}}',
  '',
  'event: content_block_start',
  'data: {"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}',
  '',
  'event: content_block_delta',
  'data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Let me think… 🤔"}}',
  '',
  'event: content_block_delta',
  'data: {"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"sig=="}}',
  '',
  'event: content_block_stop',
  'data: {"type":"content_block_stop","index":0}',
  '',
  'event: ping',
  'data: {"type":"ping"}',
  '',
  'event: content_block_start',
  'data: {"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}',
  '',
  'event: content_block_delta',
  'data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Hello, wörld"}}',
  '',
  'event: content_block_stop',
  'data: {"type":"content_block_stop","index":1}',
  '',
  'event: content_block_start',
  'data: {"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_1","name":"lookup","input":{}}}',
  '',
  'event: content_block_delta',
  'data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\\"q\\": \\"ca"}}',
  '',
  'event: content_block_delta',
  'data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"ts\\"}"}}',
  '',
  'event: content_block_stop',
  'data: {"type":"content_block_stop","index":2}',
  '',
  'event: message_delta',
  'data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":15}}',
  '',
  'event: message_stop',
  'data: {"type":"message_stop"}',
  '',
  ''
].join('\n')

export const MESSAGES_ERROR = [
  'event: message_start',
  'data: {"type":"message_start","message":{"id":"msg_02","model":"m","usage":{"input_tokens":1}}}',
  '',
  'event: error',
  'data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
  '',
  ''
].join('\n')

export const RESPONSES_FULL = [
  'event: response.created',
  'data: {"type":"response.created","sequence_number":0,"response":{"id":"resp_1","object":"response","created_at":1760000000,"status":"in_progress","model":"m","output":[],"usage":null}}',
  '',
  'event: response.output_item.added',
  'data: {"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"id":"msg_1","type":"message","status":"in_progress","role":"assistant","content":[]}}',
  '',
  'event: response.output_text.delta',
  'data: {"type":"response.output_text.delta","sequence_number":2,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"Grüße "}',
  '',
  'event: response.output_text.delta',
  'data: {"type":"response.output_text.delta","sequence_number":3,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"🌍"}',
  '',
  'event: response.output_item.added',
  'data: {"type":"response.output_item.added","sequence_number":4,"output_index":1,"item":{"id":"fc_1","type":"function_call","call_id":"call_9","name":"f","arguments":""}}',
  '',
  'event: response.function_call_arguments.delta',
  'data: {"type":"response.function_call_arguments.delta","sequence_number":5,"item_id":"fc_1","output_index":1,"delta":"{\\"a\\":"}',
  '',
  'event: response.function_call_arguments.delta',
  'data: {"type":"response.function_call_arguments.delta","sequence_number":6,"item_id":"fc_1","output_index":1,"delta":"1}"}',
  '',
  'event: response.function_call_arguments.done',
  'data: {"type":"response.function_call_arguments.done","sequence_number":7,"item_id":"fc_1","output_index":1,"arguments":"{\\"a\\":1}"}',
  '',
  'event: response.completed',
  'data: {"type":"response.completed","sequence_number":8,"response":{"id":"resp_1","object":"response","created_at":1760000000,"status":"completed","model":"m","output":[{"id":"msg_1","type":"message","status":"completed","role":"assistant","content":[{"type":"output_text","text":"Grüße 🌍","annotations":[]}]}],"usage":{"input_tokens":5,"input_tokens_details":{"cached_tokens":0},"output_tokens":2,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":7}}}',
  '',
  ''
].join('\n')

export const RESPONSES_FAILED = [
  'event: response.created',
  'data: {"type":"response.created","sequence_number":0,"response":{"id":"resp_2","status":"in_progress","output":[]}}',
  '',
  'event: response.failed',
  'data: {"type":"response.failed","sequence_number":1,"response":{"id":"resp_2","status":"failed","output":[],"error":{"code":"server_error","message":"The model failed"}}}',
  '',
  ''
].join('\n')

const B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='

/** The gateway variant of docs/GATEWAY.md (b64, no `event:` lines). */
export const PARTNER_A_GATEWAY = [
  `data: {"type":"image_generation.partial_succeeded","image_index":0,"b64_json":"${B64}","size":"2048x2048"}`,
  '',
  'data: {"type":"image_generation.partial_failed","image_index":1,"error":{"code":"OutputImageSensitiveContentDetected","message":"blocked"}}',
  '',
  `data: {"type":"image_generation.partial_succeeded","image_index":2,"b64_json":"${B64}","size":"1024x1024"}`,
  '',
  `data: {"type":"image_generation.completed","data":[{"b64_json":"${B64}","size":"2048x2048"},{"b64_json":"${B64}","size":"1024x1024"}],"usage":{"generated_images":2,"output_tokens":16384,"total_tokens":16384}}`,
  '',
  'data: [DONE]',
  '',
  ''
].join('\n')

/** The upstream (Ark) variant: `event:` lines, `url`, `model`, `created`, a keep-alive comment. */
export const PARTNER_A_UPSTREAM = [
  ': keep-alive',
  '',
  'event: image_generation.partial_succeeded',
  'data: {"type":"image_generation.partial_succeeded","model":"seedream-4-0-250828","created":1757396757,"image_index":0,"url":"https://cdn.example.com/0.jpeg","size":"2048x2048"}',
  '',
  'event: image_generation.completed',
  'data: {"type":"image_generation.completed","model":"seedream-4-0-250828","created_at":1757396825,"usage":{"generated_images":1,"output_tokens":16384,"total_tokens":16384}}',
  '',
  'data: [DONE]',
  '',
  ''
].join('\n')

/** Multi-line `data:` fields are joined with "\n", which JSON allows between tokens. */
export const PARTNER_A_MULTILINE = [
  'data: {"type":"image_generation.partial_succeeded",',
  `data: "image_index":0,"b64_json":"${B64}",`,
  'data: "size":"512x512"}',
  '',
  'data: {"type":"image_generation.completed"}',
  '',
  'data: [DONE]',
  '',
  ''
].join('\n')

export const PARTNER_A_ERROR_AFTER_TWO = [
  `data: {"type":"image_generation.partial_succeeded","image_index":0,"b64_json":"${B64}","size":"2048x2048"}`,
  '',
  `data: {"type":"image_generation.partial_succeeded","image_index":1,"b64_json":"${B64}","size":"2048x2048"}`,
  '',
  'data: {"error":{"code":"BadRequest","message":"The request failed. Request ID: 2025"}}',
  '',
  ''
].join('\n')

export const PARTNER_A_BAD_JSON = [
  `data: {"type":"image_generation.partial_succeeded","image_index":0,"b64_json":"${B64}","size":"2048x2048"}`,
  '',
  'data: {"type":"image_generation.partial_succ',
  '',
  ''
].join('\n')

export const PARTNER_A_NO_COMPLETED = [
  `data: {"type":"image_generation.partial_succeeded","image_index":0,"b64_json":"${B64}","size":"2048x2048"}`,
  '',
  'data: [DONE]',
  '',
  ''
].join('\n')
