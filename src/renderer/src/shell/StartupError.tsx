import type { ReactElement } from 'react'

export function StartupError({ message }: { message: string }): ReactElement {
  return (
    <main className="startup-error" role="alert">
      <h1>Gateway Studio could not start</h1>
      <p>{message}</p>
    </main>
  )
}
