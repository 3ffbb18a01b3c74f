/**
 * How every test and benchmark starts Debian's Chromium. The proxy flags keep the browser on this machine:
 * anything that is not loopback fails at once on a closed local port.
 */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--proxy-server=http://127.0.0.1:9',
      '--proxy-bypass-list=<-loopback>;localhost;127.0.0.0/8;[::1]'
    ]
  }
}
