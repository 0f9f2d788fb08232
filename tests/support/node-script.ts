import { spawn } from 'node:child_process'

export interface ScriptRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs one of the project's TypeScript files in a Node process of its own and collects what it prints. */
export function runNodeScript(
  file: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.once('error', reject)
    // `close`, not `exit`: every byte printed has been read by then.
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}
