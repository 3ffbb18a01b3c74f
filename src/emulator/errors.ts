export interface ErrorEnvelope {
  error: { type: string; code: string; message: string }
}

/** A request the gateway refuses; rendered as the spec's error envelope with `status`. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
  }

  envelope(): ErrorEnvelope {
    return { error: { type: this.type, code: this.code, message: this.message } }
  }
}

export const invalid = (message: string, code = 'invalid_parameter'): GatewayError =>
  new GatewayError(400, 'invalid_request_error', code, message)

export const notFound = (message: string, code = 'not_found'): GatewayError =>
  new GatewayError(404, 'not_found_error', code, message)

/** Default envelope for a status scripted by a fault step without its own body. */
export function envelopeForStatus(status: number): ErrorEnvelope {
  const known: Record<number, [string, string, string]> = {
    400: ['invalid_request_error', 'invalid_parameter', 'Invalid request (scripted)'],
    401: ['authentication_error', 'invalid_api_key', 'Invalid API key (scripted)'],
    402: ['insufficient_quota', 'insufficient_quota', 'Insufficient balance (scripted)'],
    403: ['permission_error', 'model_not_permitted', 'Permission denied (scripted)'],
    404: ['not_found_error', 'not_found', 'Not found (scripted)'],
    408: ['timeout_error', 'request_timeout', 'Request timeout (scripted)'],
    409: ['conflict_error', 'conflict', 'Conflict (scripted)'],
    429: ['rate_limit_error', 'rate_limit_exceeded', 'Too many requests (scripted)'],
    500: ['server_error', 'internal_error', 'Internal error (scripted)'],
    502: ['upstream_error', 'bad_gateway', 'Bad gateway (scripted)'],
    503: ['service_unavailable', 'model_endpoint_unavailable', 'Model endpoint unavailable (scripted)'],
    529: ['overloaded_error', 'overloaded', 'Overloaded (scripted)']
  }
  const [type, code, message] = known[status] ?? [
    'server_error',
    `http_${status}`,
    `Status ${status} (scripted)`
  ]
  return { error: { type, code, message } }
}

/** Raised when the client went away or a fault step ended the connection: stop working, send nothing. */
export class ConnectionGone extends Error {
  constructor(reason = 'connection gone') {
    super(reason)
  }
}
