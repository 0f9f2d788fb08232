import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'

/**
 * Checks answers against /api/openapi.json itself (JSON Schema 2020-12, as a client generator reads it),
 * not against the valibot schemas it was built from: what is published is what is checked.
 */

const pointerPart = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1')

export class PublishedAnswers {
  readonly #ajv = new Ajv2020({ strict: false, allErrors: false })
  readonly #compiled = new Map<string, ValidateFunction | undefined>()

  constructor(doc: object) {
    // The whole document under one id, so `#/components/schemas/…` resolves inside it.
    this.#ajv.addSchema(doc, 'openapi')
  }

  /** The validator of a call's JSON success answer (the whole envelope) with `status`, if it publishes one. */
  validatorOf(method: string, path: string, status: number): ValidateFunction | undefined {
    const key = `${method.toLowerCase()} ${path} ${status}`
    if (!this.#compiled.has(key)) {
      const pointer = [
        'paths',
        path,
        method.toLowerCase(),
        'responses',
        String(status),
        'content',
        'application/json',
        'schema',
      ]
        .map(pointerPart)
        .join('/')
      this.#compiled.set(key, this.#ajv.getSchema(`openapi#/${pointer}`))
    }
    return this.#compiled.get(key)
  }

  /** What is wrong with a 200 (or 201) JSON answer of `method path`, or undefined when it matches its schema. */
  problemOf(method: string, path: string, body: unknown, status = 200): string | undefined {
    const validate = this.validatorOf(method, path, status)
    if (!validate) return `no published ${status} JSON answer for ${method.toUpperCase()} ${path}`
    if (validate(body)) return undefined
    const [first] = validate.errors ?? []
    return `answer breaks the published schema: ${first?.instancePath || '/'} ${first?.message ?? ''}${
      first?.params && 'additionalProperty' in first.params
        ? ` (${String(first.params.additionalProperty)})`
        : ''
    }`
  }
}
