import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { ProductReferenceMessage } from '../../src/domain/product-editor.ts'
import { ProductImportMessage } from '../../src/domain/product-files.ts'
import type { ImportResultDto } from '../../src/domain/product-import.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { LANGUAGE_STORAGE_KEY } from '../../src/lib/i18n.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { ok } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

function operator() {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '店长', wechat: 'other' })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
  )
}

function resultOf(overrides: Partial<ImportResultDto> = {}): ImportResultDto {
  return {
    rows: 3,
    created: 2,
    updated: 1,
    unchanged: 0,
    createdSeries: ['星之卡比'],
    createdBrands: [],
    errors: [],
    preview: [
      { line: 2, itemNo: 'A-001', outcome: 'created', changes: [] },
      { line: 3, itemNo: 'A-002', outcome: 'updated', changes: ['stock', 'jpAlonePrice'] },
      { line: 4, itemNo: 'A-003', outcome: 'created', changes: [] },
    ],
    dryRun: true,
    ...overrides,
  }
}

/**
 * Serves POST /api/ops/products/import: `answer` decides per call (dry run or not); each call's query
 * and uploaded file name are recorded.
 */
function serveImport(answer: (dryRun: boolean) => Response) {
  const calls: { dryRun: string | null; fileName: string | undefined }[] = []
  server.use(
    http.post('*/api/ops/products/import', async ({ request }) => {
      const dryRun = new URL(request.url).searchParams.get('dryRun')
      // the multipart body read as text: request.formData() under jsdom meets two File classes
      const body = await request.text()
      const fileName = /name="file"; filename="([^"]+)"/.exec(body)?.[1]
      calls.push({ dryRun, fileName })
      return answer(dryRun === '1')
    }),
  )
  return calls
}

async function openAndPick(fileName: string) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zhCn')
  await renderApp('/ops/products/import')
  const input = await screen.findByLabelText('商品文件（CSV 或 XLSX）', {}, { timeout: 5000 })
  const file = new File(['itemNo,productName\nA-001,卡比\n'], fileName, { type: 'text/csv' })
  fireEvent.change(input, { target: { files: [file] } })
}

const applyButton = () => screen.getByRole('button', { name: '导入' })

describe('bulk import', () => {
  it('checks the file first: every error with its line, column and translated message, by line; Apply stays off', async () => {
    operator()
    const calls = serveImport(() =>
      ok(
        resultOf({
          errors: [
            { line: 4, column: 'itemNo', message: ProductImportMessage.duplicateItemNo },
            { line: 2, column: 'category', message: `category: ${ProductReferenceMessage.categoryId}` },
            { line: 1, column: 'colour', message: ProductImportMessage.unknownColumn },
          ],
        }),
      ),
    )
    await openAndPick('products.csv')

    const errors = await screen.findByRole('table', { name: '导入错误' })
    const rows = within(errors)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      )
    expect(rows).toEqual([
      ['1', 'colour', '不是商品文件的列名'],
      ['2', 'category', '找不到这个分类（请填写分类 ID，或任一语言的分类名称）'],
      ['4', 'itemNo', '与前面某一行的货号重复'],
    ])
    expect(calls).toEqual([{ dryRun: '1', fileName: 'products.csv' }])
    expect((applyButton() as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('有错误时不能导入：请修正文件后重新选择。')).toBeTruthy()
  })

  it('applies a clean file without dryRun and shows the counts with a link to the products', async () => {
    operator()
    const calls = serveImport((dryRun) => ok(resultOf({ dryRun })))
    await openAndPick('products.xlsx')

    expect(await screen.findByText('将新建的系列：星之卡比')).toBeTruthy()
    const counts = screen.getByLabelText('检查结果', { selector: 'dl' })
    expect(
      within(counts)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['3', '2', '1', '0', '0'])
    const preview = screen.getByRole('table', { name: '逐行预览' })
    expect(within(preview).getByText('stock, jpAlonePrice')).toBeTruthy()

    fireEvent.click(applyButton())
    const done = await screen.findByText('导入完成')
    const notice = done.closest('[role="status"]') as HTMLElement
    expect(
      within(notice).getByText('新建 2 个，更新 1 个，不变 0 个；新建系列 1 个，新建品牌 0 个。'),
    ).toBeTruthy()
    expect(within(notice).getByRole('link', { name: '查看商品列表' }).getAttribute('href')).toBe(
      '/ops/products',
    )
    expect(calls).toEqual([
      { dryRun: '1', fileName: 'products.xlsx' },
      { dryRun: null, fileName: 'products.xlsx' },
    ])
  })

  it('shows the errors of an apply refused in between (400 with the result), having changed nothing', async () => {
    operator()
    serveImport((dryRun) =>
      dryRun
        ? ok(resultOf())
        : HttpResponse.json(
            {
              code: 400,
              msg: `file: ${ProductImportMessage.hasErrors}`,
              data: resultOf({
                dryRun: false,
                errors: [{ line: 3, column: 'itemNo', message: ProductImportMessage.duplicateItemNo }],
              }),
            },
            { status: 400 },
          ),
    )
    await openAndPick('products.csv')
    await waitFor(() => expect((applyButton() as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(applyButton())
    expect(await screen.findByText('导入时发现错误，没有任何商品被修改。请修正后重新选择文件。')).toBeTruthy()
    expect(
      within(screen.getByRole('table', { name: '导入错误' })).getByText('与前面某一行的货号重复'),
    ).toBeTruthy()
    expect((applyButton() as HTMLButtonElement).disabled).toBe(true)
  })

  it('refuses a file that is not CSV or XLSX before sending it', async () => {
    operator()
    const calls = serveImport(() => ok(resultOf()))
    await openAndPick('products.txt')
    expect(await screen.findByText('文件须为 UTF-8 编码的 CSV 或 XLSX 工作簿')).toBeTruthy()
    expect(calls).toEqual([])
  })
})
