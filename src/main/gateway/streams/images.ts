import {
  StreamProblem,
  type ImageStreamDecoder,
  type ImageStreamEvent
} from '../../../shared/gateway/imageStream'
import { GatewayError, reportedError } from '../errors'
import { incomplete, type StreamDecoder } from './run'

/** The gateway error a decoder's problem stands for (P21: incomplete, P22: bad JSON, odd event, error). */
function asGatewayError(problem: StreamProblem): GatewayError {
  switch (problem.kind) {
    case 'incomplete':
      return incomplete(problem.message)
    case 'reported':
      return reportedError(problem.value, problem.message)
    case 'invalid_json':
    case 'invalid_event':
      return new GatewayError({
        reason: 'stream_error',
        code: problem.kind,
        message: problem.message,
        outcome: 'unknown',
        raw:
          problem.value === undefined
            ? undefined
            : (typeof problem.value === 'string' ? problem.value : JSON.stringify(problem.value))?.slice(
                0,
                500
              )
      })
  }
}

function translated<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    throw error instanceof StreamProblem ? asGatewayError(error) : error
  }
}

/**
 * An endpoint's image stream decoder (its descriptor's `stream.decoder`, shared code that says what went
 * wrong as data) as the stream runner reads it: every problem becomes the gateway error it stands for.
 */
export function gatewayImageDecoder(decoder: ImageStreamDecoder): StreamDecoder<ImageStreamEvent> {
  return {
    get finished() {
      return decoder.finished
    },
    message: (message) => translated(() => decoder.message(message)),
    end: () => translated(() => decoder.end()),
    json: (value) => translated(() => decoder.json(value))
  }
}
