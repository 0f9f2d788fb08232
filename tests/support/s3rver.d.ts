/* Types for the untyped `s3rver` 3.7.1 (a local S3 emulator), as the media tests start it. Test-only. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  export interface S3rverOptions {
    address?: string
    /** 0 picks a free port; run() answers the one it took. */
    port?: number
    silent?: boolean
    /** Where buckets and objects are kept. */
    directory?: string
    resetOnClose?: boolean
    allowMismatchedSignatures?: boolean
    vhostBuckets?: boolean
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[]
  }

  export default class S3rver {
    constructor(options?: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
