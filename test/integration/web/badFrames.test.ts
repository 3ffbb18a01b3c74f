import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient } from '../../../src/shared/client'
import { connectWebSocket } from '../../helpers/wsClient'
import { makeTempDir } from '../../helpers/tempDir'

const root = resolve(__dirname, '..', '..', '..')

interface Host {
  child: ChildProcess
  origin: string
  token: string
  exited: Promise<number | null>
}

/** The real `npm run web` entry point in its own process: a crash there is a process exit we can see. */
async function startHostProcess(dir: string): Promise<Host> {
  const rendererDir = join(dir, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gateway Studio</title>')
  // Node itself with tsx as a loader: a signal reaches the process that runs the host, not a wrapper.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main/web/cli.ts', '--data-dir', join(dir, 'data')],
    { cwd: root, env: { ...process.env, GS_RENDERER_DIR: rendererDir }, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)))
  let out = ''
  const url = await new Promise<URL>((resolveUrl, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+)/.exec(out)
      if (match?.[1]) resolveUrl(new URL(match[1]))
    })
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()))
    void exited.then((code) => reject(new Error(`web host exited ${code}: ${out}`)))
  })
  return { child, origin: url.origin, token: url.hash.replace('#token=', ''), exited }
}

interface Closed {
  /** The close frame the server sent, if any: its status code and reason. */
  code: number | null
  reason: string
  /** The server ended the TCP connection. */
  ended: boolean
}

/** A WebSocket upgrade done by hand, so the frames after it can be anything at all. */
async function rawUpgrade(host: Host): Promise<Socket> {
  const { hostname, port } = new URL(host.origin)
  const socket = connect({ host: hostname, port: Number(port) })
  await new Promise<void>((resolveConnect, reject) => {
    socket.once('connect', resolveConnect)
    socket.once('error', reject)
  })
  socket.write(
    [
      `GET /ws?token=${encodeURIComponent(host.token)} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      `Origin: ${host.origin}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      ''
    ].join('\r\n')
  )
  const head = await new Promise<string>((resolveHead, reject) => {
    let text = ''
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('latin1')
      if (text.includes('\r\n\r\n')) {
        socket.off('data', onData)
        resolveHead(text)
      }
    }
    socket.on('data', onData)
    socket.once('error', reject)
  })
  expect(head).toMatch(/^HTTP\/1\.1 101 /)
  return socket
}

/** Sends raw bytes after the upgrade and waits for the server to close: the close frame it sent, if any. */
function sendAndAwaitClose(socket: Socket, bytes: Buffer): Promise<Closed> {
  return new Promise((resolveClosed) => {
    let received = Buffer.alloc(0)
    let ended = false
    socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])))
    socket.on('end', () => (ended = true))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      // A server frame is unmasked: byte 0 = FIN|opcode, byte 1 = length (< 126 for a close frame).
      const isClose = received.length >= 4 && (received[0] ?? 0) === 0x88
      const length = (received[1] ?? 0) & 0x7f
      resolveClosed({
        code: isClose ? received.readUInt16BE(2) : null,
        reason: isClose ? received.subarray(4, 2 + length).toString('utf8') : '',
        ended
      })
    })
    socket.write(bytes)
  })
}

/** A client frame masked as RFC 6455 requires of clients. */
function maskedFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4)
  const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)))
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked])
}

describe('web host: a malformed WebSocket frame closes that socket only [P3]', () => {
  let temp: ReturnType<typeof makeTempDir>
  let host: Host

  beforeEach(async () => {
    temp = makeTempDir('gs-bad-frames-')
    host = await startHostProcess(temp.dir)
  })
  afterEach(async () => {
    if (host.child.exitCode === null && host.child.signalCode === null) {
      host.child.kill('SIGTERM')
      await host.exited
    }
    temp.cleanup()
  })

  /** `work`, unless the web host process exits first: then the test fails at once instead of hanging. */
  function whileAlive<T>(work: Promise<T>): Promise<T> {
    const died = host.exited.then((code) => {
      throw new Error(`the web host process exited (code ${code})`)
    })
    return Promise.race([work, died])
  }

  /** The server is still up: the socket opened before the bad frame and a fresh one both carry the contract. */
  async function expectStillServing(before: Awaited<ReturnType<typeof connectWebSocket>>): Promise<void> {
    expect(await whileAlive(createApiClient(before).invoke('app.info', {}))).toMatchObject({ host: 'web' })
    const fresh = await whileAlive(connectWebSocket(host.origin, host.token))
    expect(await whileAlive(createApiClient(fresh).invoke('app.info', {}))).toMatchObject({
      name: 'Gateway Studio'
    })
    fresh.close()
    before.close()
    expect((await whileAlive(fetch(`${host.origin}/`))).status).toBe(200)
    expect(host.child.exitCode).toBeNull()
    expect(host.child.signalCode).toBeNull()
  }

  const cases: { name: string; frame: () => Buffer; code: number }[] = [
    {
      name: 'a text frame with invalid UTF-8 (1007)',
      frame: () => maskedFrame(0x1, Buffer.from([0xc3, 0x28, 0xa0, 0xa1])),
      code: 1007
    },
    {
      // Clients must mask every frame (RFC 6455 §5.1); this one sends "hi" in the clear.
      name: 'an unmasked client frame (1002)',
      frame: () => Buffer.from([0x81, 0x02, 0x68, 0x69]),
      code: 1002
    },
    {
      // Only the header, announcing 200 MiB (over the 96 MiB limit): the length alone is refused.
      name: 'a message over the size limit (1009)',
      frame: () => {
        const header = Buffer.alloc(14)
        header[0] = 0x81
        header[1] = 0x80 | 127
        header.writeBigUInt64BE(200n * 1024n * 1024n, 2)
        randomBytes(4).copy(header, 10)
        return header
      },
      code: 1009
    }
  ]

  for (const { name, frame, code } of cases) {
    it(`survives ${name}: that socket gets a close frame and the server keeps serving`, async () => {
      const bystander = await connectWebSocket(host.origin, host.token)
      const socket = await rawUpgrade(host)
      const closed = await sendAndAwaitClose(socket, frame())
      expect(closed.code).toBe(code)
      expect(closed.ended).toBe(true)
      await expectStillServing(bystander)
    })
  }
})
